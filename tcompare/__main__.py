from tcompare.entry import entry

entry()
