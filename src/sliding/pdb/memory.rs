//! Where a table's entries live. The search reads them at random, one entry
//! per lookup over tens of megabytes, so with ordinary 4 KB pages nearly
//! every lookup also misses the processor's address cache (TLB) and walks
//! the page tables. On Linux the kernel backs memory with 2 MB pages where
//! asked (transparent huge pages, "madvise" mode being the usual setting),
//! and then a whole 7-tile table needs a handful of address entries: the
//! native 4x4 solver takes about a sixth less CPU time on Korf's 100 (see
//! BENCHMARKS.md, issue 24 point 1, h37). Elsewhere (WebAssembly, where the
//! engine owns the memory, and other systems) the entries stay where they
//! are, in place.

/// The bytes of `bytes` from `start` on, as a table's storage: on Linux
/// copied into memory the kernel is asked to back with huge pages (if it
/// will not, the copy is plain memory); elsewhere the same buffer with the
/// first `start` bytes removed, so that loading needs no second copy.
pub(super) fn table_storage(mut bytes: Vec<u8>, start: usize) -> Vec<u8> {
    #[cfg(target_os = "linux")]
    {
        let entries = &bytes[start..];
        if entries.len() >= HUGE_PAGE {
            let mut storage = Vec::with_capacity(entries.len());
            advise_huge_pages(storage.as_mut_ptr(), storage.capacity());
            // Written only after the advice, so that the pages are faulted
            // in as huge ones rather than collapsed later.
            storage.extend_from_slice(entries);
            return storage;
        }
    }
    bytes.drain(..start);
    bytes
}

/// The size of a huge page on the machines this is for (x86-64, arm64).
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 << 20;

/// Asks the kernel to back the whole pages within `len` bytes from `ptr`
/// with huge pages. Advice only: its failure (an older kernel, huge pages
/// disabled) leaves plain pages, as before.
#[cfg(target_os = "linux")]
fn advise_huge_pages(ptr: *mut u8, len: usize) {
    const PAGE: usize = 4096;
    let begin = (ptr as usize).next_multiple_of(PAGE);
    let end = (ptr as usize + len) / PAGE * PAGE;
    if end > begin {
        // SAFETY: [begin, end) lies within the allocation of `len` bytes at
        // `ptr`, page-aligned as madvise requires; MADV_HUGEPAGE changes
        // only how the pages are backed, never their contents or mapping.
        unsafe {
            libc::madvise(begin as *mut libc::c_void, end - begin, libc::MADV_HUGEPAGE);
        }
    }
}
