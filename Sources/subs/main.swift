import SubsCLI

Subs.runAsMain()
