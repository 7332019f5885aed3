#!/bin/sh
# Trunk's post_build hook (Trunk.toml), run before www/sw-stamp.sh (whose
# version hashes the result): writes the bindings' hashed name
# (slide-<hash>.js, Trunk's filehash) into the built worker.js, in place of
# './slide.js', so that the worker imports them as soon as its script runs,
# before the page's first message. worker.js keeps its own name (the page
# starts it by name) and is revalidated on each use, so it always comes from
# the same build as the page.
set -eu
dir="${TRUNK_STAGING_DIR:?this runs as Trunk's post_build hook}"
worker="$dir/worker.js"
grep -q "'./slide.js'" "$worker" || { echo "worker-stamp: no './slide.js' in $worker" >&2; exit 1; }
bindings=$(cd "$dir" && find . -maxdepth 1 -type f -regextype posix-extended -regex '\./slide-[0-9a-f]{8,16}\.js' -printf '%f\n')
[ "$(echo "$bindings" | wc -w)" = 1 ] || { echo "worker-stamp: not one set of hashed bindings in $dir: $bindings" >&2; exit 1; }
sed -i "s#'\./slide\.js'#'./$bindings'#g" "$worker"
echo "worker-stamp: the worker imports $bindings"
