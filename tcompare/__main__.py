from tcompare.cli import entry

entry()
