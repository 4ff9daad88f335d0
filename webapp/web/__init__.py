"""HTTP plumbing: hashed assets, compression, caching, security headers, proxies, rate limits,
the API description, and the feed answers cached by version."""
