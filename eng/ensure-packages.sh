#!/usr/bin/env bash
# Sourced by the eng/ check scripts that need Debian/Ubuntu packages a fresh machine (CI's) lacks:
#
#     source "$(dirname "$0")/ensure-packages.sh"
#     ensure_packages clang lld || { echo "cannot install clang, lld"; exit 1; }

# Installs the Debian/Ubuntu packages not installed yet (as root, or through passwordless sudo). apt-get update runs at
# most once per script run, before the first install (a script may install a second set later, e.g. after a restore).
ensure_packages() {
  local missing=()
  for package in "$@"; do dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  printf '\n==> %s\n' "installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo -n"
  if [ -z "${apt_updated:-}" ]; then
    $sudo apt-get update -qq >/dev/null || return 1
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}
