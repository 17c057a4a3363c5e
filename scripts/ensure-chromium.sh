#!/usr/bin/env bash
# Makes sure Debian's Chromium is there for the browser tests (playwright.config.ts uses
# /usr/bin/chromium). Installs the `chromium` package with apt-get only when it is missing.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

echo "ensure-chromium: /usr/bin/chromium is missing; installing Debian's chromium package" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null

if [ ! -x /usr/bin/chromium ]; then
  echo "ensure-chromium: the chromium package did not provide /usr/bin/chromium" >&2
  exit 1
fi
