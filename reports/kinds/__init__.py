"""One module per report kind; importing a module registers its spec."""
