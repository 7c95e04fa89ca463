/* A function the engine cannot see into: only its native code is loaded. */
int unknown(int x) { return (x * 2654435761u) >> 7; }
