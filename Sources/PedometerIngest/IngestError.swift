// placeholder, replaced by the ingest layer
