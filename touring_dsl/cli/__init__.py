"""CLI stage: the `touring` command, one module per subcommand."""
