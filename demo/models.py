"""The demo package keeps no records of its own."""
