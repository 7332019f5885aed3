#!/bin/sh
# Trunk's post_build hook (Trunk.toml), run before www/sw-stamp.sh: completes
# the Content Security Policy of the built index.html. The policy (a meta tag
# in index.html) allows scripts only from the site itself, but Trunk writes
# the module script that loads the WebAssembly inline (and `trunk serve` adds
# its reload script the same way), so the placeholder 'inline-scripts' in
# script-src becomes the SHA-256 hash of each inline script of the built page,
# as the browser will hash it: those scripts run, and no other inline one.
# Likewise 'inline-styles' in style-src becomes the hash of each inline
# <style> (the page's style sheet, inline so that the first paint needs no
# request but the page's: www/inline-stamp.sh).
set -eu
dir="${TRUNK_STAGING_DIR:?this runs as Trunk's post_build hook}"
html="$dir/index.html"
perl -0777 -i -MDigest::SHA=sha256_base64 -ne "$(cat <<'PERL'
  # Scripts with a src are allowed by script-src 'self'; the others are inline.
  my (@hashes, %seen);
  for my $text (m{<script\b(?![^>]*\ssrc=)[^>]*>(.*?)</script>}gis) {
    # The browser hashes the text after the HTML parser's newline normalisation.
    $text =~ s/\r\n?/\n/g;
    # Digest::SHA leaves out the base64 padding: 32 bytes take one '='.
    my $hash = "'sha256-" . sha256_base64($text) . "='";
    push @hashes, $hash unless $seen{$hash}++;
  }
  @hashes or die "csp-stamp: no inline script to allow\n";
  my $sources = join ' ', @hashes;
  s{(<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*?)'inline-scripts'}{$1$sources}i
    or die "csp-stamp: no placeholder in the policy's meta tag\n";
  # The same for the inline style sheet (index.html inlines www/style.css):
  # style-src 'self' and its hash, never 'unsafe-inline'.
  my (@styles, %seen_style);
  for my $text (m{<style\b[^>]*>(.*?)</style>}gis) {
    $text =~ s/\r\n?/\n/g;
    my $hash = "'sha256-" . sha256_base64($text) . "='";
    push @styles, $hash unless $seen_style{$hash}++;
  }
  @styles or die "csp-stamp: no inline style sheet to allow\n";
  my $styles = join ' ', @styles;
  s{(<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*?)'inline-styles'}{$1$styles}i
    or die "csp-stamp: no inline-styles placeholder in the policy's meta tag\n";
  print;
  print STDERR 'csp-stamp: ', scalar(@hashes), ' inline script(s) and ', scalar(@styles), " style sheet(s) allowed\n";
PERL
)" "$html"
