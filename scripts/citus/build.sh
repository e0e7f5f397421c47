#!/usr/bin/env bash
# Builds and installs Citus 12.1.6 for Debian's PostgreSQL 15 from the vendored source
# (../shared/vendor/citus-12.1.6.tar.gz beside the repository; CITUS_TARBALL overrides it).
# Skips the build when citus.so is already installed. Needs root (make install into
# /usr/lib/postgresql/15) and the Debian packages listed in .ci/run / docs/scaling.md.
set -euo pipefail
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PG_CONFIG="$PG_BIN/pg_config"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
# A fresh clone has shared/ beside it; a git worktree under wt/ has it one level further up.
TARBALL=${CITUS_TARBALL:-}
if [ -z "$TARBALL" ]; then
  for t in "$ROOT/../shared/vendor/citus-12.1.6.tar.gz" "$ROOT/../../shared/vendor/citus-12.1.6.tar.gz"; do
    if [ -f "$t" ]; then TARBALL="$t"; break; fi
  done
fi
LIBDIR="$("$PG_CONFIG" --pkglibdir)"
if [ -f "$LIBDIR/citus.so" ]; then
  echo "citus: already installed in $LIBDIR"
  exit 0
fi
[ -n "$TARBALL" ] && [ -f "$TARBALL" ] || { echo "citus: source not found at $TARBALL (set CITUS_TARBALL)" >&2; exit 1; }
[ -x "$("$PG_CONFIG" --bindir)/postgres" ] || { echo "citus: PostgreSQL 15 server not installed (apt-get install postgresql-15 postgresql-server-dev-15)" >&2; exit 1; }
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
echo "citus: building from $TARBALL (about a minute)"
tar xzf "$TARBALL" -C "$WORK"
cd "$WORK"/citus-*
./configure PG_CONFIG="$PG_CONFIG" --without-libcurl >"$WORK/configure.log" 2>&1 || { tail -30 "$WORK/configure.log"; exit 1; }
# with_llvm=no: skip the JIT bitcode (a second compile of every file with clang), which Citus does not need.
make -j"$(nproc)" with_llvm=no >"$WORK/make.log" 2>&1 || { tail -30 "$WORK/make.log"; exit 1; }
make install with_llvm=no >"$WORK/install.log" 2>&1 || { tail -30 "$WORK/install.log"; exit 1; }
echo "citus: installed into $LIBDIR"
