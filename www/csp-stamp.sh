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
  # The distinct hashes of these texts, as the browser will compute them.
  sub hashes {
    my (@hashes, %seen);
    for my $text (@_) {
      # The browser hashes the text after the HTML parser's newline normalisation.
      $text =~ s/\r\n?/\n/g;
      # Digest::SHA leaves out the base64 padding: 32 bytes take one '='.
      my $hash = "'sha256-" . sha256_base64($text) . "='";
      push @hashes, $hash unless $seen{$hash}++;
    }
    return @hashes;
  }
  # The policy's placeholder replaced by the hashes of the page's inline
  # elements of one kind; neither may be missing.
  sub allow {
    my ($placeholder, $what, @hashes) = @_;
    @hashes or die "csp-stamp: no inline $what to allow\n";
    my $sources = join ' ', @hashes;
    s{(<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*?)'\Q$placeholder\E'}{$1$sources}i
      or die "csp-stamp: no '$placeholder' placeholder in the policy's meta tag\n";
    return scalar @hashes;
  }
  # Scripts with a src are allowed by script-src 'self'; the others are inline.
  my $scripts = allow('inline-scripts', 'script', hashes(m{<script\b(?![^>]*\ssrc=)[^>]*>(.*?)</script>}gis));
  # The inline style sheet (index.html inlines www/style.css): style-src
  # 'self' and its hash, never 'unsafe-inline'.
  my $styles = allow('inline-styles', 'style sheet', hashes(m{<style\b[^>]*>(.*?)</style>}gis));
  print;
  print STDERR "csp-stamp: $scripts inline script(s) and $styles style sheet(s) allowed\n";
PERL
)" "$html"
