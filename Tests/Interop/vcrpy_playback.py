"""Plays back every interaction of an exported vcrpy cassette with vcrpy itself.

  vcrpy_playback.py CASSETTE

Reads CASSETTE with vcrpy's own serializer (YAML or JSON by extension), then, with
record_mode="none", sends each recorded request through `requests` and prints, as JSON, the
status and the body bytes (base64, as received: not decompressed) of every answer, in order.
Any request vcrpy cannot match, and any cassette vcrpy cannot read, fails the run.
"""
import base64
import json
import sys

import requests
import vcr
from vcr.serialize import deserialize
from vcr.serializers import jsonserializer, yamlserializer

SKIPPED_HEADERS = {"content-length", "host", "accept-encoding", "connection"}


def main():
    path = sys.argv[1]
    is_yaml = path.endswith((".yml", ".yaml"))
    with open(path) as f:
        recorded, _ = deserialize(f.read(), yamlserializer if is_yaml else jsonserializer)
    my_vcr = vcr.VCR(serializer="yaml" if is_yaml else "json", record_mode="none")
    answers = []
    with my_vcr.use_cassette(path) as cassette:
        for request in recorded:
            headers = {
                name: value
                for name, value in request.headers.items()
                if name.lower() not in SKIPPED_HEADERS
            }
            response = requests.request(
                request.method, request.uri, data=request.body, headers=headers, stream=True
            )
            body = response.raw.read(decode_content=False)
            answers.append(
                {"status": response.status_code, "body": base64.b64encode(body).decode("ascii")}
            )
        assert cassette.all_played, "not every interaction was played"
    print(json.dumps({"vcrpy": vcr.__version__, "answers": answers}))


if __name__ == "__main__":
    main()
