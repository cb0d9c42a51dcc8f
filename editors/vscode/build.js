// Builds the extension into touring-<version>.vsix, installable with
// `code --install-extension touring-0.1.0.vsix`. Run it here: `npm install && npm run build`.
// The TextMate grammar is written anew first from the language's grammar (scripts/textmate.py), so
// the package never ships colours older than the language.
"use strict";

const { execFileSync } = require("child_process");
const path = require("path");

const here = __dirname;
const root = path.resolve(here, "..", "..");
const python = process.env.PYTHON || "python3";

execFileSync(python, [path.join(root, "scripts", "textmate.py")], { stdio: "inherit", cwd: root });
execFileSync(process.platform === "win32" ? "npx.cmd" : "npx", ["vsce", "package", "--allow-missing-repository", "--skip-license"],
  { stdio: "inherit", cwd: here });
