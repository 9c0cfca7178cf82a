package com.facebook;

import android.net.Uri;
import android.os.Bundle;
import java.util.Map;

/**
 * The Android SDK's GraphRequest (4.x): the constructor, newGraphPathRequest, setParameters and
 * executeAsync, which prints what the request would send as one CALL line of JSON.
 */
public class GraphRequest {
    public interface Callback {
        void onCompleted(GraphResponse response);
    }

    private final AccessToken accessToken;
    private final String graphPath;
    private final HttpMethod httpMethod;
    private final Callback callback;
    private Bundle parameters;

    public GraphRequest(AccessToken accessToken, String graphPath, Bundle parameters,
            HttpMethod httpMethod, Callback callback) {
        this.accessToken = accessToken;
        this.graphPath = graphPath;
        this.parameters = parameters == null ? new Bundle() : parameters;
        this.httpMethod = httpMethod == null ? HttpMethod.GET : httpMethod;
        this.callback = callback;
    }

    public static GraphRequest newGraphPathRequest(AccessToken accessToken, String graphPath,
            Callback callback) {
        return new GraphRequest(accessToken, graphPath, null, null, callback);
    }

    public final void setParameters(Bundle parameters) {
        this.parameters = parameters;
    }

    public final void executeAsync() {
        StringBuilder params = new StringBuilder();
        StringBuilder files = new StringBuilder();
        for (Map.Entry<String, Object> entry : parameters.entries().entrySet()) {
            boolean file = entry.getValue() instanceof Uri;
            StringBuilder list = file ? files : params;
            String value = file ? ((Uri) entry.getValue()).getPath() : (String) entry.getValue();
            list.append(list.length() == 0 ? "" : ",")
                .append("[").append(json(entry.getKey())).append(",").append(json(value)).append("]");
        }
        System.out.println("CALL {\"method\":" + json(httpMethod.name())
            + ",\"path\":" + json(graphPath)
            + ",\"token\":" + (accessToken == null ? "null" : json(accessToken.getToken()))
            + ",\"params\":[" + params + "],\"files\":[" + files + "]}");
        callback.onCompleted(new GraphResponse());
    }

    private static String json(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c == 0x7f) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
