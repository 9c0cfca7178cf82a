package android.net;

import android.os.Parcelable;
import java.io.File;

/** Android's Uri: a file:// Uri from a File. */
public final class Uri implements Parcelable {
    private final String path;

    private Uri(String path) {
        this.path = path;
    }

    public static Uri fromFile(File file) {
        return new Uri(file.getPath());
    }

    public String getPath() {
        return path;
    }
}
