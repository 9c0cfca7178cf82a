"""Times vcrpy's first answer from a cassette, in a fresh process: from entering
`use_cassette` (which reads the whole file) to the answer of one request through requests.

Used by `graph-bench cassette-first` beside CassettePlayer's lazy and eager paths.
usage: python3 vcrpy_first_answer.py CASSETTE.json URL OUT
Writes "wall_seconds cpu_seconds peak_rss_bytes" to OUT.
"""
import sys
import time

import requests
import vcr


def peak_rss():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return 0


def main():
    path, url, out = sys.argv[1], sys.argv[2], sys.argv[3]
    my_vcr = vcr.VCR(serializer="json", record_mode="none",
                     match_on=["method", "path", "query", "body"])
    session = requests.Session()
    wall, cpu = time.perf_counter(), time.process_time()
    with my_vcr.use_cassette(path):
        response = session.get(url)
        if response.status_code != 200:
            raise SystemExit("unexpected status %d for %s" % (response.status_code, url))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    with open(out, "w") as f:
        f.write("%f %f %d\n" % (wall, cpu, peak_rss()))


if __name__ == "__main__":
    main()
