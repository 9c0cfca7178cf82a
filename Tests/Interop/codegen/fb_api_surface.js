// The JavaScript SDK's FB.api(path, method, params, callback) as far as generated code uses it:
// it prints what it was asked to send as one CALL line of JSON. An upload's file input
// (document.getElementById(name).files[0]) reads the file named in UPLOADS, set before this.
"use strict";
const fs = require("fs");
globalThis.FB = {
  api(path, method, params, callback) {
    const pairs = Object.entries(params).map(([name, value]) => [name, String(value)]);
    console.log("CALL " + JSON.stringify({ method, path, params: pairs, files: [] }));
    callback({});
  },
};
globalThis.document = {
  getElementById(id) {
    return { files: [new Blob([fs.readFileSync(globalThis.UPLOADS[id])])] };
  },
};
