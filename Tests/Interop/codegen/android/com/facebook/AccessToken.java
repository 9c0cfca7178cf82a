package com.facebook;

/** The Android SDK's AccessToken as far as generated code uses it. */
public final class AccessToken {
    private final String token;

    AccessToken(String token) {
        this.token = token;
    }

    /** The person's token: "<current>" here, the test telling it from a token in parameters. */
    public static AccessToken getCurrentAccessToken() {
        return new AccessToken("<current>");
    }

    public String getToken() {
        return token;
    }
}
