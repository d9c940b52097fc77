"""Demo data and simulated days (issue 13 §1): outside the apps' layers, they use the
services of every app as the people at the tables would."""
