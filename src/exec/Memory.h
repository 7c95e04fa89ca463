//===- Memory.h - Objects with concrete and symbolic bytes ----------------===//
//
// Every allocation (global, stack, heap) is an object at a concrete address.
// Its contents are concrete bytes plus a sparse map of symbolic bytes where
// input-dependent values were stored. Contents are shared copy-on-write between
// copies of a Memory, so a run starts from the initial globals without copying
// them, and states can fork cheaply.
//
// Addresses come from a deterministic bump allocator inside a host arena
// reserved at a fixed address: a program sees the same addresses on every
// run, and native functions can read and write objects in place after
// syncToHost().
//
//===----------------------------------------------------------------------===//
#ifndef THESEUS_EXEC_MEMORY_H
#define THESEUS_EXEC_MEMORY_H

#include "expr/Expr.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace llvm {
class Function;
class Value;
} // namespace llvm

namespace theseus {

enum class ObjectKind : uint8_t { Global, Stack, Heap, Function, Host, Input };

struct MemoryObject {
  uint64_t Base = 0;
  uint64_t Size = 0;
  ObjectKind Kind = ObjectKind::Stack;
  bool ReadOnly = false;
  std::string Name;
  const llvm::Function *Fn = nullptr; ///< For Function objects.
};

/// Concrete bytes and the symbolic bytes among them.
struct ObjectContents {
  std::vector<uint8_t> Bytes;
  std::unordered_map<uint64_t, ExprRef> Symbolic; ///< Offset -> 8-bit expr.
};

/// Why an access failed, for bug reports.
enum class AccessError : uint8_t {
  None,
  NullPointer,
  OutOfBounds,
  UseAfterFree,
  InvalidPointer,
  ReadOnly,
};
const char *bugKindFor(AccessError E);

/// The address range all objects live in: one for programs with 64-bit
/// pointers, far from Theseus' own memory, and one for programs with
/// 32-bit pointers (ILP32) below 4 GiB, so that their addresses are host
/// addresses zero-extended and native functions can use them.
///
/// An arena is a range of the process's address space, so there is one of
/// each per process, shared by every Memory: their objects are numbered
/// alike and meet only in host memory, while native code runs on them
/// (syncToHost to syncFromHost). `hostUse()` orders those phases between
/// interpreters running in threads of one process.
class Arena {
public:
  static Arena &get(unsigned PointerBits = 64);
  uint64_t begin() const { return Begin; }
  uint64_t end() const { return Begin + Size; }
  bool isHostBacked() const { return HostBacked; }
  /// Held from copying objects to the host until copying them back.
  std::mutex &hostUse() const { return HostUse; }

private:
  /// Reserves `Size` bytes at `Hint`, or anywhere if `Anywhere`.
  Arena(uint64_t Hint, uint64_t Size, bool Anywhere);
  uint64_t Begin = 0;
  uint64_t Size = 0;
  bool HostBacked = false;
  mutable std::mutex HostUse;
};

class Memory {
public:
  /// An empty memory whose objects get `PointerBits`-bit addresses.
  explicit Memory(unsigned PointerBits = 64);

  /// Whether the arena still has room for an object of `Size` bytes.
  bool hasRoom(uint64_t Size) const;
  /// Whether native code can read and write the objects in place.
  bool isHostBacked() const { return Space->isHostBacked(); }
  /// Held while native code runs on this memory's objects in the host.
  std::unique_lock<std::mutex> lockHost() const {
    return std::unique_lock<std::mutex>(Space->hostUse());
  }

  /// Allocates `Size` bytes (zero-filled), aligned to `Align`.
  const MemoryObject *allocate(uint64_t Size, uint64_t Align, ObjectKind Kind,
                               std::string Name);
  /// Registers memory that lives in the host process (e.g. libc's `stdout`).
  const MemoryObject *addHostObject(uint64_t Address, uint64_t Size,
                                    std::string Name);
  /// Marks an object constant: writes to it are bugs, and reads at a
  /// symbolic offset may use its initial bytes as a table. Earlier
  /// pointers to its MemoryObject are no longer valid.
  void setReadOnly(uint64_t Base);
  /// Removes an object; later accesses to it report use after free.
  void release(uint64_t Base);

  /// The object containing [Addr, Addr+Size), or the reason there is none.
  const MemoryObject *resolve(uint64_t Addr, uint64_t Size,
                              AccessError &Err) const;
  const MemoryObject *objectAt(uint64_t Base) const;
  /// The object with the greatest base not above `Addr`, if any.
  const MemoryObject *objectNear(uint64_t Addr) const;
  bool wasFreed(uint64_t Addr) const;

  /// Reads `Size` bytes (1..8) little-endian. Sets `Sym` when any byte is
  /// symbolic. The range must have been resolved.
  uint64_t load(ExprContext &Ctx, uint64_t Addr, unsigned Size,
                ExprRef &Sym) const;
  void store(ExprContext &Ctx, uint64_t Addr, unsigned Size, uint64_t Bits,
             ExprRef Sym);
  /// The fast paths of a loop's accesses: when [Addr, Addr+Size) lies in
  /// an object accessed recently that holds no symbolic byte (and, for a
  /// store, is writable), read or write it and return true; else do
  /// nothing and return false (resolve, load and store then handle it).
  bool loadConcrete(uint64_t Addr, unsigned Size, uint64_t &Bits) const;
  bool storeConcrete(uint64_t Addr, unsigned Size, uint64_t Bits);
  /// Byte-wise copy preserving symbolic bytes (memcpy/memmove semantics).
  void copy(uint64_t Dst, uint64_t Src, uint64_t Size);
  void fill(uint64_t Dst, uint8_t Byte, ExprRef Sym, uint64_t Size);
  /// Replaces each symbolic byte's concrete value by `Value(expr)`; objects
  /// without symbolic bytes stay shared.
  template <typename Fn> void recomputeSymbolicBytes(Fn Value) {
    for (auto It = Objects.begin(); It != Objects.end(); ++It) {
      if (!It->second.second || It->second.second->Symbolic.empty())
        continue;
      ObjectContents &C = writable(It);
      for (const auto &[Offset, E] : C.Symbolic)
        C.Bytes[Offset] = Value(E);
    }
  }
  /// Reads a NUL-terminated string (concrete bytes) for messages.
  std::string readCString(uint64_t Addr, size_t Max = 4096) const;

  /// Writes concrete contents into host memory before a native call, and
  /// reads back what the call changed (dropping symbolic bytes it wrote).
  void syncToHost() const;
  void syncFromHost();

  /// Contents shared by all copies until one writes.
  using ObjectTable =
      std::map<uint64_t, std::pair<std::shared_ptr<const MemoryObject>,
                                   std::shared_ptr<ObjectContents>>>;
  const ObjectTable &objects() const { return Objects; }

private:
  /// The objects of the last accesses found by address: a loop mostly
  /// accesses the few objects it accessed before (its stack variables, an
  /// array), and a hit saves the search. Not copied: a copy's table has
  /// nodes of its own.
  struct RecentObjects {
    static constexpr unsigned Ways = 8;
    struct Entry {
      uint64_t Base = 0;
      uint64_t Size = 0; ///< 0: unused (empty objects are not cached).
      ObjectTable::const_iterator It;
    };
    RecentObjects() = default;
    RecentObjects(const RecentObjects &) {}
    RecentObjects &operator=(const RecentObjects &) {
      clear();
      return *this;
    }
    void clear() {
      for (Entry &E : Entries)
        E.Size = 0;
    }
    Entry Entries[Ways];
    unsigned Victim = 0;
  };
  /// The cached object if it holds [Addr, Addr+Size), else end().
  ObjectTable::const_iterator cached(uint64_t Addr, uint64_t Size) const {
    for (const RecentObjects::Entry &E : Recent.Entries)
      if (Addr - E.Base < E.Size && Size <= E.Base + E.Size - Addr)
        return E.It;
    return Objects.end();
  }
  void remember(ObjectTable::const_iterator It) const;
  /// The object with the greatest base not above `Addr` (which must exist).
  ObjectTable::const_iterator find(uint64_t Addr) const;

  ObjectContents &writable(ObjectTable::iterator It);
  const ObjectContents *contents(uint64_t Base) const;
  std::pair<const MemoryObject *, ObjectContents *> locate(uint64_t Addr);
  std::pair<const MemoryObject *, const ObjectContents *>
  locate(uint64_t Addr) const;

  const Arena *Space;
  ObjectTable Objects;
  std::map<uint64_t, uint64_t> Freed; ///< Base -> size of released objects.
  uint64_t Next;
  mutable RecentObjects Recent;
};

} // namespace theseus

#endif
