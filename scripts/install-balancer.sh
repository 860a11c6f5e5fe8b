#!/usr/bin/env bash
# HAProxy from Debian's packages, the load balancer in front of several API processes
# (scripts/cluster.mjs, the multi-process suite and `npm run bench -- --processes N`). Installs it
# only when `haproxy` is missing; needs root (apt-get), as .ci/run does.
set -euo pipefail

if command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ]; then
  exit 0
fi
echo "Installing haproxy"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
haproxy -v | head -n 1
