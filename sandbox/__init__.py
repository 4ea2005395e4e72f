"""A local stand-in for the MPS server: the GraphQL API of mps-contract.md on SQLite."""
