"""Where the libraries' own chatter goes: WeasyPrint's progress (« Step 2 - Fetching and parsing CSS »), fontTools'
subsetting and pyHanko's warnings are for whoever looks into a report's rendering, not for the person running a
command: they go to a file under var/log (config/settings/base.py LOGGING), the commands print only Vigie's lines."""

import logging
from pathlib import Path


class LibraryFile(logging.FileHandler):
    """A log file whose folder is made when the first line is written (none is opened before: a command that renders
    nothing leaves no file)."""

    def __init__(self, filename: str, **kwargs):
        kwargs.setdefault("delay", True)
        kwargs.setdefault("encoding", "utf-8")
        super().__init__(filename, **kwargs)

    def _open(self):
        Path(self.baseFilename).parent.mkdir(parents=True, exist_ok=True)
        return super()._open()
