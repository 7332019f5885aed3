#!/bin/sh
# Trunk's post_build hook (Trunk.toml), run first: writes the board's
# placeholder (www/board.svg) and the page's icon (www/icon.svg) into the
# built index.html as data: URLs, where the page names them as `board.svg`
# and `icon.svg`. With the style sheet inline too (index.html), the first
# paint needs no request but the page's: on a phone's network each of those
# requests took a new connection (a handshake and a round trip) before the
# board could be painted, and the icon's request took the page's idle
# connection, so that the module's download (which waits for that paint,
# Trunk.toml) opened one more (BENCHMARKS.md, issue 22, h35). icon.svg is
# still copied as a file: the manifest names it.
# Only the characters a data: URL or an HTML attribute cannot carry as they
# are get escaped (%, #, quotes, angle brackets, line ends), so the text stays
# small once the page is compressed. board.svg is kept whole, comment
# included: Chromium counts an image under 0.05 bits a pixel as a blank, not
# as the largest paint (www/board.svg says why it is over 3 KB).
set -eu
dir="${TRUNK_STAGING_DIR:?this runs as Trunk's post_build hook}"
src="${TRUNK_SOURCE_DIR:?this runs as Trunk's post_build hook}/www"
html="$dir/index.html"
INLINE_SRC="$src" perl -0777 -i -ne "$(cat <<'PERL'
  my %attr = ('board.svg' => 'src', 'icon.svg' => 'href');
  my $src = $ENV{INLINE_SRC};
  for my $name (sort keys %attr) {
    open my $in, '<', "$src/$name" or die "inline-stamp: cannot read $src/$name: $!\n";
    my $svg = do { local $/; <$in> };
    $svg =~ s/([%#"'<>\r\n])/sprintf('%%%02X', ord $1)/ge;
    my $attr = $attr{$name};
    s{\s\Q$attr\E="\Q$name\E"}{ $attr="data:image/svg+xml,$svg"}
      or die "inline-stamp: index.html names no $name ($attr=\"$name\")\n";
  }
  print;
  print STDERR "inline-stamp: board.svg and icon.svg written in as data: URLs\n";
PERL
)" "$html"
