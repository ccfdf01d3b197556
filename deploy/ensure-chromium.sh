#!/bin/sh
# Make sure Debian's Chromium is installed for the browser tests (Playwright drives it through
# executable_path; it never downloads a browser of its own). Installs the package with apt-get
# when it is missing and we are root. Never fails the build by itself: without a browser the
# browser tests are skipped, or fail under CI=true.
command -v chromium >/dev/null 2>&1 && exit 0

if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-chromium: chromium is not installed (run as root: apt-get install chromium)"
    exit 0
fi
echo "ensure-chromium: installing Debian's chromium"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null 2>&1 || true
apt-get install -y -q --no-install-recommends chromium fonts-dejavu-core >/dev/null 2>&1 \
    || echo "ensure-chromium: apt-get install chromium failed"
command -v chromium >/dev/null 2>&1 || echo "ensure-chromium: chromium is still missing"
exit 0
