#!/bin/sh
# Make sure Dovecot's IMAP and LMTP servers are installed for the email tests (they start their own
# private instance on fresh ports; nothing here starts a daemon).  Installs Debian's
# dovecot-imapd and dovecot-lmtpd with apt-get when they are missing.  Never fails the build by
# itself: without Dovecot its tests are skipped, or fail under CI=true.
command -v dovecot >/dev/null 2>&1 && [ -x /usr/lib/dovecot/imap ] && [ -x /usr/lib/dovecot/lmtp ] && exit 0
command -v apt-get >/dev/null 2>&1 || { echo "ensure-dovecot: no apt-get to install Dovecot with"; exit 0; }
echo "ensure-dovecot: installing dovecot-imapd dovecot-lmtpd"
export DEBIAN_FRONTEND=noninteractive
LOCK="-o DPkg::Lock::Timeout=300"
apt-get $LOCK update -qq >/dev/null 2>&1 || echo "ensure-dovecot: apt-get update failed"
apt-get $LOCK install -y -qq --no-install-recommends dovecot-imapd dovecot-lmtpd >/dev/null 2>&1 \
    || echo "ensure-dovecot: apt-get install failed"
command -v dovecot >/dev/null 2>&1 || echo "ensure-dovecot: Dovecot is still missing"
exit 0
