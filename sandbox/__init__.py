"""A local stand-in for the MPS server: its GraphQL API, quirks included, on SQLite."""
