#!/usr/bin/env python3
"""Run a command against a throwaway PostgreSQL 15 and Redis on loopback.

    python scripts/testenv.py [--keep] -- pytest -q tests/...

It initialises a PostgreSQL cluster in a temporary folder (as the ``postgres``
user when run as root), starts it and a Redis server on free loopback ports,
exports ``DATABASE_URL``, ``CELERY_BROKER_URL`` and ``MESA_TEST_PG*`` for the
command, runs it, then stops both servers and removes the folder. Several runs
can happen side by side: each has its own ports and folder.

The database runs the production split of roles (issue 12 §4, casino/dbroles.py):
``DATABASE_URL`` is the app role ``mesa_app`` (owns nothing), ``DATABASE_MIGRATE_URL``
the owner ``mesa_owner`` (not a superuser; CREATEDB here only, for pytest-django's
``test_mesa``), both made by the same provisioning SQL as production.
``MESA_TEST_PG_SUPERUSER_URL`` is the cluster's superuser, for the test suite's
privileged helpers only (tests/conftest.py: the flush between transactional tests).
"""

from __future__ import annotations

import glob
import importlib.util
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OWNER, APP, DATABASE = "mesa_owner", "mesa_app", "mesa"


def dbroles():  # type: ignore[no-untyped-def]
    """casino/dbroles.py, loaded alone (no Django, no Celery): the one provisioning SQL."""
    spec = importlib.util.spec_from_file_location("mesa_dbroles", ROOT / "casino" / "dbroles.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pg_bindir() -> Path:
    env = os.environ.get("MESA_PG_BINDIR")
    if env:
        return Path(env)
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for c in candidates:
        if "/15/" in c:
            return Path(c)
    if candidates:
        return Path(candidates[0])
    sys.exit("PostgreSQL server binaries not found (install the Debian package postgresql-15).")


def as_postgres(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


def start_postgres(workdir: Path) -> tuple[dict[str, str], callable]:  # type: ignore[valid-type]
    bindir = pg_bindir()
    data = workdir / "pgdata"
    sock = workdir / "pgsock"
    data.mkdir()
    sock.mkdir()
    if os.geteuid() == 0:
        pw = pwd.getpwnam("postgres")
        for p in (workdir, data, sock):
            os.chown(p, pw.pw_uid, pw.pw_gid)
        os.chmod(workdir, 0o755)
    port = free_port()
    subprocess.run(
        as_postgres(
            [
                str(bindir / "initdb"),
                "-D",
                str(data),
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C.UTF-8",
                "--no-sync",
            ]
        ),
        check=True,
        stdout=subprocess.DEVNULL,
    )
    options = (
        f"-p {port} -k {sock} -c listen_addresses=127.0.0.1 -c fsync=off "
        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300 "
        "-c shared_buffers=128MB"
    )
    ctl = [str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(workdir / "pg.log")]
    subprocess.run(as_postgres([*ctl, "-w", "start"]), check=True, stdout=subprocess.DEVNULL)

    def stop() -> None:
        subprocess.run(
            as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    base = f"postgres://{{}}@127.0.0.1:{port}/{DATABASE}"
    env = {
        "DATABASE_URL": base.format(APP),
        "DATABASE_MIGRATE_URL": base.format(OWNER),
        "MESA_TEST_PG_SUPERUSER_URL": base.format("postgres"),
        "MESA_TEST_PG_BINDIR": str(bindir),
        "MESA_TEST_PGDATA": str(data),
        "MESA_TEST_PG_OPTIONS": options,
        "MESA_TEST_PG_LOG": str(workdir / "pg.log"),
        "MESA_TEST_PG_PORT": str(port),
    }
    cluster, in_database = dbroles().provision_statements(
        owner=OWNER, app=APP, database=DATABASE, owner_createdb=True
    )

    def psql(database: str, statements: list[str]) -> None:
        cmd = [str(bindir / "psql"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres"]
        cmd += ["-d", database, "-q", "-X", "-v", "ON_ERROR_STOP=1"]
        for sql in statements:
            cmd += ["-c", sql]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)

    psql("postgres", cluster)
    psql(DATABASE, in_database)
    # The databases the suite creates (test_mesa) come from template1: the same schema rules.
    psql("template1", in_database)
    return env, stop


def start_redis(workdir: Path) -> tuple[dict[str, str], callable]:  # type: ignore[valid-type]
    server = shutil.which("redis-server")
    if not server:
        sys.exit("redis-server not found (install the Debian package redis-server).")
    port = free_port()
    proc = subprocess.Popen(
        [
            server,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            # One pair of databases per pytest-xdist worker (casino/settings/test.py).
            "--databases",
            "64",
            "--dir",
            str(workdir),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    break
        except OSError:
            time.sleep(0.05)
    else:
        proc.kill()
        sys.exit("redis-server did not start")

    def stop() -> None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()

    return {
        "CELERY_BROKER_URL": f"redis://127.0.0.1:{port}/0",
        "CELERY_RESULT_BACKEND": f"redis://127.0.0.1:{port}/1",
        "MESA_TEST_REDIS_PORT": str(port),
    }, stop


def main(argv: list[str]) -> int:
    keep = False
    if "--keep" in argv:
        keep = True
        argv.remove("--keep")
    if "--" in argv:
        argv = argv[argv.index("--") + 1 :]
    if not argv:
        print(__doc__)
        return 2
    workdir = Path(tempfile.mkdtemp(prefix="mesa-test-"))
    stops = []
    try:
        pg_env, pg_stop = start_postgres(workdir)
        stops.append(pg_stop)
        redis_env, redis_stop = start_redis(workdir)
        stops.append(redis_stop)
        env = {**os.environ, **pg_env, **redis_env, "MESA_TEST_WORKDIR": str(workdir)}
        env.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings.test")
        return subprocess.call(argv, env=env)
    finally:
        for stop in reversed(stops):
            stop()
        if not keep:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
