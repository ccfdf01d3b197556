#!/bin/sh
# Make sure Debian's fonts cover every script of the six languages — Latin (en es fil ms),
# Cyrillic (uk) and Devanagari (hi) — so the browser tests' screenshots show what a player sees
# (without a Devanagari font Chromium draws a Hindi page as empty boxes). DejaVu has Latin and
# Cyrillic; Noto (fonts-noto-core) adds Devanagari. Installs what is missing with apt-get when
# we are root, like ensure-chromium.sh; never fails the build by itself: the test that looks at
# the screenshots' glyphs (tests/web/test_screenshots.py) fails instead.
has() { [ -n "$(fc-list ":lang=$1" family 2>/dev/null | head -n 1)" ]; }

command -v fc-list >/dev/null 2>&1 && has en && has uk && has hi && exit 0

if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-fonts: fonts for Latin, Cyrillic and Devanagari are missing" \
        "(run as root: apt-get install fontconfig fonts-dejavu-core fonts-noto-core)"
    exit 0
fi
echo "ensure-fonts: installing Debian's fonts for Latin, Cyrillic and Devanagari"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null 2>&1 || true
apt-get install -y -q --no-install-recommends fontconfig fonts-dejavu-core fonts-noto-core \
    >/dev/null 2>&1 || echo "ensure-fonts: apt-get install fonts-noto-core failed"
has hi || echo "ensure-fonts: still no font for Devanagari"
exit 0
