"""The errors Chat Intake raises on purpose, in one hierarchy.

    ChatIntakeError                 something the person running it can act on; one line says what
    ├── UsageError (ValueError)     a bad argument, setting or file: a flag, the tiers or rates file,
    │   │                           a fixture or attack file, a split, a tier that cannot do its job
    │   ├── FixtureError            core/fixtures.py: a contract fixture file
    │   ├── AttackFileError         core/redteam.py: a red-team attack file
    │   ├── GoldErrataError         core/gold_errata.py: the reviewed gold errata file
    │   ├── NotComparable           core/bands.py: two runs whose guards differ
    │   └── MessageTooLong          core/limits.py: a customer message refused before it is sent
    ├── NotFound (KeyError)         no such run, intent or case in the store or the corpus
    ├── CorpusError                 core/sgd_source.py: an SGD folder, shard or download that fails
    ├── MissingKey                  core/secrets.py: a tier's key is not configured
    └── BudgetExhausted             core/budget.py: the daily call budget stops a run (it ends `partial`)

The command line turns a ChatIntakeError into one `error:` line and exit 2; anything else (a
ValueError from a bug, say) is a bug and keeps its traceback. UsageError is a ValueError and
NotFound a KeyError, so code that caught those before still does.
"""

from __future__ import annotations


class ChatIntakeError(Exception):
    """Base of every error the product raises on purpose (see the tree above)."""


class UsageError(ChatIntakeError, ValueError):
    """A bad argument, setting or file; the message says which and how to fix it."""


class NotFound(ChatIntakeError, KeyError):
    """No such run, intent or case. str() is the message itself, not KeyError's quoted repr."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""
