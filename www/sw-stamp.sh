#!/bin/sh
# Trunk's post_build hook (Trunk.toml): writes into the built sw.js the
# build's version (a hash of every file the build ships but the tables, so
# that any change makes a new service worker, which the browser installs on
# the next visit), the names Trunk gave by content hash (the bindings, the
# module, the style sheet: `name-<hash>.ext`, `slide-<hash>_bg.wasm`, the
# hash in 8 to 16 hex digits, as Trunk writes it without leading zeros),
# for the worker to keep, and the names of the table files it ships (so that
# the worker drops tables of older formats from its cache). www/sw.js itself
# keeps the placeholders `const VERSION = 'dev';`, `const HASHED = [];` and
# `const TABLES = [];`.
set -eu
dir="${TRUNK_STAGING_DIR:?this runs as Trunk's post_build hook}"
sw="$dir/sw.js"
grep -q "^const VERSION = 'dev';$" "$sw" || { echo "sw-stamp: no VERSION placeholder in $sw" >&2; exit 1; }
grep -q "^const TABLES = \[\];$" "$sw" || { echo "sw-stamp: no TABLES placeholder in $sw" >&2; exit 1; }
grep -q "^const HASHED = \[\];$" "$sw" || { echo "sw-stamp: no HASHED placeholder in $sw" >&2; exit 1; }
hashed=$(cd "$dir" && find . -maxdepth 1 -type f -regextype posix-extended -regex '.*-[0-9a-f]{8,16}(_bg)?\.(js|wasm|css)' -printf "'%f'\n" \
  | LC_ALL=C sort | paste -sd, - | sed 's/,/, /g')
# At least the bindings and their module: without them the worker would keep
# a page that cannot start.
case "$hashed" in
  *_bg.wasm*) ;;
  *) echo "sw-stamp: no hashed module in $dir (is Trunk's filehash on?)" >&2; exit 1 ;;
esac
version=$(cd "$dir" && find . -type f ! -path './tables/*' ! -name sw.js -print | LC_ALL=C sort \
  | xargs sha256sum | sha256sum | cut -c1-16)
tables=$(cd "$dir" && { [ -d tables ] && find tables -maxdepth 1 -type f -name '*.gz' -printf "'%f', " || true; } \
  | sed 's/, $//')
sed -i -e "s/^const VERSION = 'dev';$/const VERSION = '$version';/" \
  -e "s/^const HASHED = \[\];$/const HASHED = [$hashed];/" \
  -e "s/^const TABLES = \[\];$/const TABLES = [$tables];/" "$sw"
echo "sw-stamp: service worker version $version"
