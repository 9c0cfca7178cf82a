"""Interoperability checks for graph-explorer cassettes, run by GraphCassetteTests.

  schema SCHEMA CASSETTE    validate a native cassette against docs/cassette.schema.json
  vcrpy CASSETTE URL        replay URL with requests + vcrpy from an exported vcrpy cassette
                            (JSON or YAML by extension) and print the answer's status and body
  yaml FILE                 load a YAML file with PyYAML and print it as JSON
"""
import json
import sys


def main():
    command = sys.argv[1]
    if command == "schema":
        import jsonschema
        with open(sys.argv[2]) as f:
            schema = json.load(f)
        with open(sys.argv[3]) as f:
            jsonschema.validate(json.load(f), schema)
        print("valid")
    elif command == "vcrpy":
        import requests
        import vcr
        path, url = sys.argv[2], sys.argv[3]
        serializer = "yaml" if path.endswith((".yml", ".yaml")) else "json"
        my_vcr = vcr.VCR(serializer=serializer, record_mode="none")
        with my_vcr.use_cassette(path):
            response = requests.get(url)
        print(response.status_code)
        print(response.text)
    elif command == "yaml":
        import yaml
        with open(sys.argv[2]) as f:
            print(json.dumps(yaml.safe_load(f), sort_keys=True))
    else:
        raise SystemExit("unknown command " + command)


if __name__ == "__main__":
    main()
