<?php
// The PHP SDK 5's surface as far as generated code uses it (facebook/graph-sdk 5.7's names and
// signatures): Facebook\Facebook's constructor, get, post, delete and fileToUpload, and the two
// exceptions. Each call prints what it was asked to send as one CALL line of JSON; the endpoint's
// query is read with parse_str, as the SDK's FacebookUrlManipulator::getParamsAsArray does.
// Installed as vendor/autoload.php beside the generated code.

namespace Facebook\Exceptions {
    class FacebookSDKException extends \Exception {}
    class FacebookResponseException extends FacebookSDKException {}
}

namespace Facebook {
    final class FacebookFile
    {
        public $path;

        public function __construct($path)
        {
            $this->path = $path;
        }
    }

    final class FacebookResponse
    {
        public function getDecodedBody()
        {
            return [];
        }
    }

    final class Facebook
    {
        private $config;

        public function __construct(array $config = [])
        {
            if (empty($config['app_id']) || empty($config['app_secret'])) {
                throw new Exceptions\FacebookSDKException('app_id and app_secret are required');
            }
            $this->config = $config;
        }

        public function fileToUpload($pathToFile)
        {
            return new FacebookFile($pathToFile);
        }

        public function get($endpoint, $accessToken = null, $eTag = null, $graphVersion = null)
        {
            return $this->record('GET', $endpoint, [], $accessToken, $graphVersion);
        }

        public function post($endpoint, array $params = [], $accessToken = null, $eTag = null, $graphVersion = null)
        {
            return $this->record('POST', $endpoint, $params, $accessToken, $graphVersion);
        }

        public function delete($endpoint, array $params = [], $accessToken = null, $eTag = null, $graphVersion = null)
        {
            return $this->record('DELETE', $endpoint, $params, $accessToken, $graphVersion);
        }

        private function record($method, $endpoint, array $params, $accessToken, $graphVersion)
        {
            $parts = explode('?', $endpoint, 2);
            $query = [];
            if (count($parts) === 2) {
                parse_str($parts[1], $query);
            }
            $pairs = [];
            $files = [];
            foreach (array_merge($query, $params) as $name => $value) {
                if ($value instanceof FacebookFile) {
                    $files[] = [(string) $name, $value->path];
                } else {
                    $pairs[] = [(string) $name, (string) $value];
                }
            }
            echo 'CALL ', json_encode([
                'method' => $method,
                'path' => $parts[0],
                'version' => $graphVersion ?: ($this->config['default_graph_version'] ?? null),
                'token' => $accessToken,
                'params' => $pairs,
                'files' => $files,
            ], JSON_UNESCAPED_SLASHES), "\n";
            return new FacebookResponse();
        }
    }
}
