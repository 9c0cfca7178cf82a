"""Replays the first N interactions of a vcrpy JSON cassette through requests + vcrpy and
prints CPU timings as JSON: how long vcrpy takes to load the cassette and to answer N requests.

Used by `graph-bench cassette` to measure vcrpy side by side with CassettePlayer.
usage: python3 vcrpy_replay_bench.py CASSETTE.json N
"""
import json
import sys
import time

import requests
import vcr


def main():
    path, count = sys.argv[1], int(sys.argv[2])
    with open(path) as f:
        interactions = json.load(f)["interactions"][:count]
    urls = [i["request"]["uri"] for i in interactions]
    my_vcr = vcr.VCR(serializer="json", record_mode="none",
                     match_on=["method", "path", "query", "body"])
    session = requests.Session()
    start = time.process_time()
    with my_vcr.use_cassette(path):
        loaded = time.process_time()
        for url in urls:
            response = session.get(url)
            if response.status_code != 200:
                raise SystemExit("unexpected status %d for %s" % (response.status_code, url))
        done = time.process_time()
    print(json.dumps({"load_seconds": loaded - start, "replay_seconds": done - loaded,
                      "requests": len(urls)}))


if __name__ == "__main__":
    main()
