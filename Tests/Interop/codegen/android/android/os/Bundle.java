package android.os;

import java.util.LinkedHashMap;
import java.util.Map;

/** Android's Bundle: putString and putParcelable, kept in order. */
public final class Bundle {
    private final Map<String, Object> values = new LinkedHashMap<>();

    public void putString(String key, String value) {
        values.put(key, value);
    }

    public void putParcelable(String key, Parcelable value) {
        values.put(key, value);
    }

    public Map<String, Object> entries() {
        return values;
    }
}
