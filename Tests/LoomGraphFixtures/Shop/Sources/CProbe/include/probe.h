// A C target with the LoomGraphValidation plugin: the plugin has nothing to read and does nothing.
int loom_probe(void);
