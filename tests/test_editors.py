"""Editors' set-up: the VS Code extension folder (editors/vscode/) declares the language, its colours and its
settings, and its client starts `touring lsp` for .touring files; docs/editors.md says how to set up
VS Code and Neovim."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXTENSION = ROOT / "editors" / "vscode"

# node runs the client's activate() with stand-ins for the two modules VS Code provides
PROBE = r"""
const Module = require("module");
const made = [];
const stubs = {
  "vscode": {
    workspace: {
      getConfiguration: () => ({ get: (key, fallback) => fallback }),
      onDidChangeConfiguration: () => ({ dispose() {} }),
    },
    window: { showInformationMessage() {} },
  },
  "vscode-languageclient/node": {
    LanguageClient: function (id, name, server, options) {
      made.push({ id, name, server, options });
      this.start = () => Promise.resolve();
      this.stop = () => Promise.resolve();
    },
  },
};
const load = Module._load;
Module._load = function (request, ...rest) { return request in stubs ? stubs[request] : load.call(this, request, ...rest); };
const extension = require(process.argv[1]);
extension.activate({ subscriptions: [] }).then(() => console.log(JSON.stringify(made)));
"""


def test_the_package_declares_the_language_its_grammar_and_its_settings():
    package = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
    language = package["contributes"]["languages"][0]
    assert language["id"] == "touring" and language["extensions"] == [".touring"]
    assert (EXTENSION / language["configuration"]).is_file()
    grammar = package["contributes"]["grammars"][0]
    assert (EXTENSION / grammar["path"]).is_file() and grammar["scopeName"] == "source.touring"
    settings = package["contributes"]["configuration"]["properties"]
    assert settings["touring.server.command"]["default"] == "touring"
    assert settings["touring.server.args"]["default"] == ["lsp"]
    assert (EXTENSION / package["main"]).is_file()
    assert package["scripts"]["build"] == "node build.js" and (EXTENSION / "build.js").is_file()
    lock = json.loads((EXTENSION / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"][""]["dependencies"] == package["dependencies"]


def test_the_language_configuration_knows_comments_and_braces():
    config = json.loads((EXTENSION / "language-configuration.json").read_text(encoding="utf-8"))
    assert config["comments"]["lineComment"] == "#"
    assert ["{", "}"] in config["brackets"]
    assert re.search(config["indentationRules"]["increaseIndentPattern"], "deck cite sheet \"x\" {")


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_client_starts_touring_lsp_for_touring_files():
    done = subprocess.run(["node", "-e", PROBE, str(EXTENSION / "extension.js")], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    [client] = json.loads(done.stdout)
    assert client["server"]["run"] == {"command": "touring", "args": ["lsp"]}
    assert {"scheme": "file", "language": "touring"} in client["options"]["documentSelector"]


def test_the_editors_page_sets_up_vscode_and_neovim():
    page = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")
    assert "editors/vscode" in page and "npm run build" in page and "--install-extension" in page
    assert "lspconfig" in page and "filetype" in page and '"touring", "lsp"' in page
    assert 'pip install "touring-dsl[lsp]"' in page or "[lsp]" in page
