package com.facebook;

/** The Android SDK's GraphResponse as far as generated code uses it. */
public class GraphResponse {
    public final FacebookRequestError getError() {
        return null;
    }

    public final String getRawResponse() {
        return "{}";
    }
}
