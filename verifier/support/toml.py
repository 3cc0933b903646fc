"""``tomllib``, the standard library's TOML reader (Python 3.11 and later), for every
reader of the package."""
import tomllib

__all__ = ["tomllib"]
