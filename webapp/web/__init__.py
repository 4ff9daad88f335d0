"""HTTP plumbing: hashed assets, compression, caching, security headers, proxies, rate limits, the API description, the cached feed."""
