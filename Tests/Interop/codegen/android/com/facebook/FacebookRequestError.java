package com.facebook;

/** The Android SDK's FacebookRequestError (its toString only). */
public final class FacebookRequestError {
}
