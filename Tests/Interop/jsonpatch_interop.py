#!/usr/bin/env python3
"""Interop check: the RFC 6902 patches printed by `graph-explorer diff --patch A B`, applied by
an independent implementation (the PyPI `jsonpatch` package), must turn A into B.

usage: jsonpatch_interop.py PATH/TO/graph-explorer [--pairs N] [--seed S]

Generates seeded random pairs of Graph-like JSON documents (keyed `data` arrays with inserts,
removals, moves and field changes; nested objects; odd keys such as "a/b" and "m~n"; unicode;
numbers), writes each pair to files, runs the binary, applies its patch with `jsonpatch`, and
checks the result equals B. Exits 0 when every pair passes, 1 on a mismatch, 2 when the
environment is missing something (with what to install).
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

try:
    import jsonpatch
except ImportError:
    print("jsonpatch_interop: the Python module 'jsonpatch' is missing; "
          "run: pip install -r Tests/requirements.txt", file=sys.stderr)
    sys.exit(2)

KEYS = ["name", "message", "a/b", "m~n", "é", "count", "story", "created_time", "x y"]


def scalar(rng):
    return rng.choice([
        None, True, False, 0, 1, -7, 2.5, 1e21, "", "Ann", "Anne", "café ☕", "line\nbreak",
        rng.randint(0, 10**6), "s%d" % rng.randint(0, 50),
    ])


def value(rng, depth):
    if depth <= 0 or rng.random() < 0.3:
        return scalar(rng)
    kind = rng.random()
    if kind < 0.3:
        return [value(rng, depth - 1) for _ in range(rng.randint(0, 5))]
    if kind < 0.5:
        return keyed_array(rng, depth - 1, rng.randint(0, 8))
    return {rng.choice(KEYS): value(rng, depth - 1) for _ in range(rng.randint(0, 5))}


def keyed_array(rng, depth, count):
    return [{"id": str(rng.randint(0, 10**9)), "name": value(rng, 0),
             "v": value(rng, depth)} for _ in range(count)]


def mutate(rng, v, depth):
    if rng.random() < 0.1:
        return value(rng, depth)
    if isinstance(v, dict):
        v = dict(v)
        for k in list(v):
            r = rng.random()
            if r < 0.2:
                del v[k]
            elif r < 0.5:
                v[k] = mutate(rng, v[k], depth - 1)
        if rng.random() < 0.3:
            v[rng.choice(KEYS)] = value(rng, depth - 1)
        return v
    if isinstance(v, list):
        v = list(v)
        for i in range(len(v)):
            if rng.random() < 0.3:
                v[i] = mutate(rng, v[i], depth - 1)
        for _ in range(rng.randint(0, 3)):
            r = rng.random()
            if r < 0.3 and v:
                del v[rng.randrange(len(v))]
            elif r < 0.6:
                v.insert(rng.randint(0, len(v)), value(rng, depth - 1))
            elif v:
                item = v.pop(rng.randrange(len(v)))
                v.insert(rng.randint(0, len(v)), item)
        if rng.random() < 0.1:
            rng.shuffle(v)
        return v
    return scalar(rng) if rng.random() < 0.5 else v


def graph_answer(rng):
    return {"data": keyed_array(rng, 2, rng.randint(0, 40)),
            "paging": {"cursors": {"before": "b%d" % rng.randint(0, 9), "after": "a"},
                       "next": "https://graph.facebook.com/v2.0/me/feed?after=%d" % rng.randint(0, 99)},
            "summary": value(rng, 2)}


def same(x, y):
    """JSON equality: like ==, but true/false are not the numbers 1/0."""
    if isinstance(x, bool) or isinstance(y, bool):
        return type(x) is type(y) and x == y
    if isinstance(x, dict) and isinstance(y, dict):
        return x.keys() == y.keys() and all(same(x[k], y[k]) for k in x)
    if isinstance(x, list) and isinstance(y, list):
        return len(x) == len(y) and all(same(p, q) for p, q in zip(x, y))
    if isinstance(x, (dict, list)) or isinstance(y, (dict, list)):
        return False
    return x == y


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--pairs", type=int, default=150)
    parser.add_argument("--seed", type=int, default=20140430)
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        print("jsonpatch_interop: %s is not an executable" % args.binary, file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    failures = 0
    with tempfile.TemporaryDirectory() as directory:
        for n in range(args.pairs):
            a = graph_answer(rng) if n % 2 == 0 else value(rng, 4)
            b = mutate(rng, a, 4) if rng.random() < 0.9 else a
            path_a = os.path.join(directory, "a%d.json" % n)
            path_b = os.path.join(directory, "b%d.json" % n)
            with open(path_a, "w") as f:
                json.dump(a, f, ensure_ascii=rng.random() < 0.5)
            with open(path_b, "w") as f:
                json.dump(b, f)
            run = subprocess.run([args.binary, "diff", "--patch", path_a, path_b],
                                 capture_output=True)
            expected_status = 0 if same(a, b) else 1
            if run.returncode != expected_status:
                print("pair %d: exit %d, expected %d: %s" % (n, run.returncode, expected_status,
                                                             run.stderr.decode()), file=sys.stderr)
                failures += 1
                continue
            patch = json.loads(run.stdout)
            try:
                result = jsonpatch.apply_patch(a, patch)
            except Exception as error:  # jsonpatch raises several exception types
                print("pair %d: jsonpatch rejected the patch: %s\n  A=%s\n  B=%s\n  patch=%s"
                      % (n, error, json.dumps(a), json.dumps(b), json.dumps(patch)),
                      file=sys.stderr)
                failures += 1
                continue
            if not same(result, b):
                print("pair %d: patched A differs from B\n  A=%s\n  B=%s\n  patch=%s\n  got=%s"
                      % (n, json.dumps(a), json.dumps(b), json.dumps(patch), json.dumps(result)),
                      file=sys.stderr)
                failures += 1
    print("jsonpatch_interop: %d of %d pairs passed" % (args.pairs - failures, args.pairs))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
