#!/usr/bin/env bash
# Installs the Debian packages Theseus needs to build and test, if missing.
# Safe to run repeatedly; only calls apt-get when something is absent.
set -euo pipefail
packages=(clang-19 libclang-rt-19-dev llvm-19-dev llvm-19-tools libz3-dev libgtest-dev
  libcli11-dev nlohmann-json3-dev libfmt-dev libffi-dev cmake ninja-build
  python3 python3-psutil lcov graphviz
  chromium
  gcc-multilib
  lib32gcc-12-dev
  lib32stdc++-12-dev
  libc6-dev-i386
  libxml2-utils
  libyaml-cpp-dev
  libsqlite3-dev
  libopenmpi-dev
  openmpi-bin
  sqlite3
  python3-websocket
  python3-yaml
  zip)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "theseus: installing missing packages: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "theseus: need root to install packages (run as root or install them yourself)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
