package android.os;

/** Android's Parcelable marker, as a Bundle value. */
public interface Parcelable {
}
