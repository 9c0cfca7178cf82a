package android.util;

/** Android's Log: d and e, to standard error. */
public final class Log {
    public static int d(String tag, String msg) {
        System.err.println(tag + ": " + msg);
        return 0;
    }

    public static int e(String tag, String msg) {
        System.err.println(tag + ": " + msg);
        return 0;
    }
}
