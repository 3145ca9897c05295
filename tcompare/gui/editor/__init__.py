"""The gold editor: `GoldEditor` assembled from parts (operations, selection, files, dialogs,
keyboard help) that each receive the ports in `ports`; undo commands act on
`Workspace.replace_gold`."""
