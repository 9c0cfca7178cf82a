package com.facebook;

/** The Android SDK's HttpMethod. */
public enum HttpMethod {
    GET, POST, DELETE
}
