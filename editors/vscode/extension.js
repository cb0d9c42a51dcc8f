// The VS Code client of the Touring language server: it starts `touring lsp` (the command and its
// arguments are settings) and hands it every .touring file. Everything else is the server's.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration("touring.server");
  const server = {
    command: settings.get("command", "touring"),
    args: settings.get("args", ["lsp"]),
  };
  client = new LanguageClient(
    "touring",
    "Touring language server",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "touring" }, { scheme: "untitled", language: "touring" }] },
  );
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("touring.server")) {
        vscode.window.showInformationMessage("Reload the window to start the Touring language server anew.");
      }
    }),
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
