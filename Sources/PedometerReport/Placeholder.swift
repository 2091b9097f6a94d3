// placeholder, replaced by the report layer
