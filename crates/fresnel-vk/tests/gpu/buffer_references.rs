//! Buffer references (GL_EXT_buffer_reference) executed on the Vulkan driver: the SPIR-V
//! writer's PhysicalStorageBuffer pointers (`spirv/refs.rs`) followed by lavapipe, at -O0
//! and -O, with results checked against values worked out here. The CPU interpreter does
//! not execute buffer references (it has no memory by address and reports them as
//! unsupported), so there is no interpreter comparison.
//!
//! The buffers reached by address are `BufferKind::DeviceAddress` bindings (no descriptor);
//! the harness writes their addresses into the other buffers before the dispatch
//! (`AddressPatch`) and returns their contents afterwards.
//!
//! * a linked list whose head is a UBO member, walked in a loop (a phi of references),
//!   read and written through, the last node stored into an SSBO and a reference written
//!   through a reference;
//! * null-terminated lists from an array of references (indexed by invocation), compared
//!   with 0 as `uint64_t`;
//! * stores through references that alias each other, and an SSBO, are seen by later
//!   loads (the optimizer must not forward around them);
//! * a reference chosen by a condition (`c ? a : b`), per invocation and uniform;
//! * references passed to, returned from and written by functions (calls at -O0);
//! * `T(address + offset)` from `uint64_t` arithmetic and `uint64_t(ref)` back;
//! * struct copies between an SSBO and referenced buffers of the other layout (std140 and
//!   std430), in both directions and between two references;
//! * atomics through a reference from 32 invocations;
//! * vectors (swizzled and dynamically indexed), column- and row-major matrices and bools
//!   through std140 and std430 references;
//! * references inside structs and arrays of referenced blocks, in local arrays, swapped
//!   through `inout` parameters, and in Private and Function arrays of arrays;
//! * references in shared variables (and arrays), in local structs passed by value and
//!   returned by a function whose result is written through;
//! * loads in a loop see stores through another reference to the same buffer;
//! * doubles and 64-bit integers in std140 arrays of structs through readonly and
//!   writeonly references held in a UBO array of references;
//! * 64-bit atomics, compare-and-swap and exchange through coherent references (one
//!   passed `inout`), a `bvec3` member, a volatile reference;
//! * selects and phis mixing loaded references, references built from addresses and
//!   `T(0ul)`;
//! * structs holding references copied between std140 and std430 blocks, built and
//!   returned by a function;
//! * one address followed as two block types (`B(a)`).
//!
//! Fails when Vulkan is unavailable unless `FRESNEL_SKIP_VULKAN=1` is set; skips (with a
//! message) on a device without `bufferDeviceAddress`.

use crate::support;

use crate::support::{compute_spirv, opcode_count};
use fresnel_opt::OptLevel;
use fresnel_vk::{AddressPatch, BufferBinding, BufferKind, ComputeJob, Gpu, VkError};

const LEVELS: [Option<OptLevel>; 2] = [None, Some(OptLevel::O)];

/// The device when it can follow buffer references.
fn gpu() -> Option<Gpu> {
    let gpu = support::gpu()?;
    if !gpu.has_buffer_device_address() {
        eprintln!(
            "skipped: {} (Vulkan {}) has no bufferDeviceAddress",
            gpu.device_name(),
            gpu.api_version_string()
        );
        return None;
    }
    Some(gpu)
}

fn binding(binding: u32, kind: BufferKind, data: Vec<u8>) -> BufferBinding {
    BufferBinding {
        set: 0,
        binding,
        element: 0,
        kind,
        data,
    }
}

/// A buffer reached only by its address.
fn by_address(data: Vec<u8>) -> BufferBinding {
    binding(0, BufferKind::DeviceAddress, data)
}

fn patch(of: usize, into: usize, offset: usize) -> AddressPatch {
    AddressPatch { of, into, offset }
}

/// Whether the module declares `capability` (`OpCapability`).
fn has_capability(words: &[u32], capability: u32) -> bool {
    let mut i = 5;
    while i < words.len() {
        let len = (words[i] >> 16) as usize;
        if words[i] & 0xffff == 17 && words.get(i + 1) == Some(&capability) {
            return true;
        }
        i += len.max(1);
    }
    false
}

/// `src` compiled for Vulkan 1.2 at `level` (it must declare
/// PhysicalStorageBufferAddresses), dispatched with the bindings and patches; returns
/// every binding's contents after the dispatch.
fn run(
    gpu: &Gpu,
    src: &str,
    level: Option<OptLevel>,
    groups: [u32; 3],
    bindings: Vec<BufferBinding>,
    addresses: Vec<AddressPatch>,
) -> Vec<Vec<u8>> {
    let spirv = compute_spirv(src, level, 2);
    const PHYSICAL_STORAGE_BUFFER_ADDRESSES: u32 = 5347;
    assert!(
        has_capability(&spirv, PHYSICAL_STORAGE_BUFFER_ADDRESSES),
        "{level:?}: the module declares PhysicalStorageBufferAddresses"
    );
    gpu.dispatch(&ComputeJob {
        spirv,
        groups,
        bindings,
        addresses,
    })
    .unwrap_or_else(|e| panic!("{level:?}: {e}"))
}

fn i32_at(b: &[u8], off: usize) -> i32 {
    i32::from_le_bytes(b[off..off + 4].try_into().expect("4 bytes"))
}

fn u32_at(b: &[u8], off: usize) -> u32 {
    u32::from_le_bytes(b[off..off + 4].try_into().expect("4 bytes"))
}

fn f32_at(b: &[u8], off: usize) -> f32 {
    f32::from_le_bytes(b[off..off + 4].try_into().expect("4 bytes"))
}

fn u64_at(b: &[u8], off: usize) -> u64 {
    u64::from_le_bytes(b[off..off + 8].try_into().expect("8 bytes"))
}

fn put_i32(b: &mut [u8], off: usize, v: i32) {
    b[off..off + 4].copy_from_slice(&v.to_le_bytes());
}

fn put_f32(b: &mut [u8], off: usize, v: f32) {
    b[off..off + 4].copy_from_slice(&v.to_le_bytes());
}

const LIST: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
layout(local_size_x = 1) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430) buffer Node { int v; Node next; };
layout(set = 0, binding = 0, std140) uniform U { Node head; int n; } u;
layout(set = 0, binding = 1, std430) buffer S { int sum; int count; int last; Node tail; } s;
void main() {
    Node p = u.head;
    Node prev = p;
    int sum = 0;
    int i = 0;
    for (; i < u.n; i++) {
        sum += p.v * (i + 1);
        p.v = p.v * 10 + i;
        prev = p;
        p = p.next;
    }
    s.sum = sum;
    s.count = i;
    s.last = prev.v;
    s.tail = prev;
    s.tail.next = u.head;
}
"#;

/// Node bytes (std430: `v` at 0, `next` at 8).
fn node(v: i32) -> Vec<u8> {
    let mut b = vec![0u8; 16];
    put_i32(&mut b, 0, v);
    b
}

#[test]
fn a_linked_list_is_walked_read_and_written_through_references() {
    let Some(gpu) = gpu() else { return };
    // Bindings: 0 U, 1 S, 2 A, 3 B, 4 C. The list: head = B -> A -> C -> null.
    let values = [3, 5, 7];
    let order = [1usize, 0, 2]; // B, A, C as indices into `values`
    let mut ubo = vec![0u8; 16];
    put_i32(&mut ubo, 8, 3);
    // Worked out: sum of v * (position + 1); each node becomes v * 10 + position.
    let mut sum = 0;
    let mut after = values;
    for (pos, &n) in order.iter().enumerate() {
        sum += values[n] * (pos as i32 + 1);
        after[n] = values[n] * 10 + pos as i32;
    }
    for level in LEVELS {
        let bindings = vec![
            binding(0, BufferKind::Uniform, ubo.clone()),
            binding(1, BufferKind::Storage, vec![0; 24]),
            by_address(node(values[0])),
            by_address(node(values[1])),
            by_address(node(values[2])),
        ];
        let patches = vec![
            patch(3, 0, 0), // u.head = B
            patch(2, 3, 8), // B.next = A
            patch(4, 2, 8), // A.next = C
        ];
        let out = run(&gpu, LIST, level, [1, 1, 1], bindings, patches);
        let (s, a, b, c) = (&out[1], &out[2], &out[3], &out[4]);
        assert_eq!(i32_at(s, 0), sum, "{level:?}: sum");
        assert_eq!(i32_at(s, 4), 3, "{level:?}: count");
        assert_eq!(i32_at(s, 8), after[2], "{level:?}: last");
        assert_eq!(
            [i32_at(a, 0), i32_at(b, 0), i32_at(c, 0)],
            after,
            "{level:?}: the nodes written through"
        );
        // The tail is C (whose address A.next holds); C.next was written with the head.
        assert_eq!(u64_at(s, 16), u64_at(a, 8), "{level:?}: s.tail is C");
        assert_eq!(u64_at(c, 8), u64_at(&out[0], 0), "{level:?}: C.next = head");
        assert_ne!(u64_at(c, 8), 0, "{level:?}: a real address");
    }
}

const NULL_TERMINATED: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : enable
layout(local_size_x = 2) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430) buffer Node { int v; Node next; };
layout(set = 0, binding = 0, std430) buffer S { Node heads[2]; int len[2]; int total[2]; } s;
void main() {
    uint i = gl_LocalInvocationID.x;
    int n = 0;
    int total = 0;
    for (Node p = s.heads[i]; uint64_t(p) != 0ul && n < 64; p = p.next) {
        n++;
        total += p.v * n;
    }
    s.len[i] = n;
    s.total[i] = total;
}
"#;

#[test]
fn null_terminated_lists_from_an_array_of_references() {
    let Some(gpu) = gpu() else { return };
    // Bindings: 0 S, 1 A, 2 B, 3 C, 4 D. heads[0] = A -> B -> C, heads[1] = D -> B -> C.
    let v = [1, 20, 300, 4000];
    for level in LEVELS {
        let out = run(
            &gpu,
            NULL_TERMINATED,
            level,
            [1, 1, 1],
            vec![
                binding(0, BufferKind::Storage, vec![0; 32]),
                by_address(node(v[0])),
                by_address(node(v[1])),
                by_address(node(v[2])),
                by_address(node(v[3])),
            ],
            vec![
                patch(1, 0, 0),
                patch(4, 0, 8),
                patch(2, 1, 8),
                patch(3, 2, 8),
                patch(2, 4, 8),
            ],
        );
        let s = &out[0];
        // Worked out: the k-th node (from 1) counts k times its value.
        assert_eq!([i32_at(s, 16), i32_at(s, 20)], [3, 3], "{level:?}: lengths");
        assert_eq!(
            [i32_at(s, 24), i32_at(s, 28)],
            [v[0] + 2 * v[1] + 3 * v[2], v[3] + 2 * v[1] + 3 * v[2]],
            "{level:?}: totals"
        );
    }
}

const ALIASES: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
layout(local_size_x = 1) in;
layout(buffer_reference, std430) buffer V { int x[4]; };
layout(set = 0, binding = 0, std430) buffer S { int x; int pad; V a; V b; V me; int r[4]; } s;
void main() {
    V a = s.a;
    V b = s.b;
    a.x[1] = 1;
    b.x[1] = 2;
    s.r[0] = a.x[1];
    s.x = 5;
    s.me.x[0] = 7;
    s.r[1] = s.x;
    b.x[3] = a.x[3] + 1;
    s.r[2] = a.x[3] * 10 + b.x[3];
}
"#;

#[test]
fn stores_through_aliasing_references_are_seen() {
    let Some(gpu) = gpu() else { return };
    for level in LEVELS {
        // Bindings: 0 S, 1 V. a and b both address V; s.me addresses S itself, whose
        // x[0] is s.x.
        let mut v = vec![0u8; 16];
        put_i32(&mut v, 12, 40);
        let out = run(
            &gpu,
            ALIASES,
            level,
            [1, 1, 1],
            vec![binding(0, BufferKind::Storage, vec![0; 48]), by_address(v)],
            vec![patch(1, 0, 8), patch(1, 0, 16), patch(0, 0, 24)],
        );
        let s = &out[0];
        // Worked out: a.x[1] is b.x[1] (2); s.x was overwritten through s.me (7); a.x[3]
        // is 40, then b.x[3] (the same int) 41: 41 * 10 + 41.
        assert_eq!(
            [i32_at(s, 32), i32_at(s, 36), i32_at(s, 40)],
            [2, 7, 451],
            "{level:?}: r"
        );
        assert_eq!(i32_at(s, 0), 7, "{level:?}: s.x");
        assert_eq!([4, 12].map(|o| i32_at(&out[1], o)), [2, 41], "{level:?}: V");
    }
}

const SELECT: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
layout(local_size_x = 4) in;
layout(buffer_reference, std430) buffer V { int x[4]; int y; };
layout(set = 0, binding = 0, std430) buffer S { V a; V b; int c; int r[4]; } s;
void main() {
    uint i = gl_LocalInvocationID.x;
    V t = ((int(i) + s.c) % 2 == 0) ? s.a : s.b;
    t.x[i] += 100 * int(i + 1u);
    s.r[i] = t.x[i];
    V w = s.c > 0 ? s.a : s.b;
    if (i == 0u) {
        w.y = s.c * 7;
    }
}
"#;

#[test]
fn a_reference_chosen_by_a_condition() {
    let Some(gpu) = gpu() else { return };
    let v = |x: [i32; 4]| {
        let mut b = vec![0u8; 20];
        for (k, x) in x.iter().enumerate() {
            put_i32(&mut b, 4 * k, *x);
        }
        b
    };
    let (xa, xb) = ([1, 2, 3, 4], [10, 20, 30, 40]);
    for c in [1, 2] {
        // Worked out: invocation i adds 100 (i + 1) to a.x[i] or b.x[i] by the parity of
        // i + c; y of a (c > 0) becomes 7c.
        let (mut ea, mut eb) = (xa, xb);
        let mut r = [0; 4];
        for (i, ri) in r.iter_mut().enumerate() {
            let t = if (i as i32 + c) % 2 == 0 {
                &mut ea
            } else {
                &mut eb
            };
            t[i] += 100 * (i as i32 + 1);
            *ri = t[i];
        }
        for level in LEVELS {
            let mut sb = vec![0u8; 40];
            put_i32(&mut sb, 16, c);
            let out = run(
                &gpu,
                SELECT,
                level,
                [1, 1, 1],
                vec![
                    binding(0, BufferKind::Storage, sb),
                    by_address(v(xa)),
                    by_address(v(xb)),
                ],
                vec![patch(1, 0, 0), patch(2, 0, 8)],
            );
            let got = |b: &[u8]| [0, 4, 8, 12].map(|o| i32_at(b, o));
            assert_eq!(got(&out[1]), ea, "{level:?} c={c}: a");
            assert_eq!(got(&out[2]), eb, "{level:?} c={c}: b");
            assert_eq!(
                [20, 24, 28, 32].map(|o| i32_at(&out[0], o)),
                r,
                "{level:?} c={c}: r"
            );
            assert_eq!(i32_at(&out[1], 16), 7 * c, "{level:?} c={c}: a.y");
            assert_eq!(i32_at(&out[2], 16), 0, "{level:?} c={c}: b.y untouched");
        }
    }
}

const CALLS: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
layout(local_size_x = 1) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430) buffer Node { int v; Node next; };
layout(set = 0, binding = 0, std430) buffer S { Node head; int k; int r0; int r1; int r2; } s;
Node advance(Node p, int k) {
    for (int i = 0; i < k; i++) {
        p = p.next;
    }
    return p;
}
Node pick(Node a, Node b, bool first) { return first ? a : b; }
void bump(Node p, int d) { p.v += d; }
void follow(Node p, out Node q) { q = p.next; }
void main() {
    Node q = advance(s.head, s.k);
    s.r0 = q.v;
    Node second;
    follow(s.head, second);
    bump(pick(q, second, s.k > 5), 1000);
    s.r1 = second.v;
    s.r2 = advance(second, 1).v;
}
"#;

#[test]
fn references_pass_through_functions() {
    let Some(gpu) = gpu() else { return };
    for level in LEVELS {
        if level.is_none() {
            // At -O0 the functions are called, so references cross calls as parameters,
            // results and out parameters.
            const OP_FUNCTION_CALL: u16 = 57;
            let spirv = compute_spirv(CALLS, level, 2);
            assert!(
                opcode_count(&spirv, OP_FUNCTION_CALL) >= 5,
                "the calls are not inlined at -O0"
            );
        }
        let mut sb = vec![0u8; 24];
        put_i32(&mut sb, 8, 2);
        // Bindings: 0 S, 1 A, 2 B, 3 C; head = A -> B -> C -> null.
        let out = run(
            &gpu,
            CALLS,
            level,
            [1, 1, 1],
            vec![
                binding(0, BufferKind::Storage, sb),
                by_address(node(1)),
                by_address(node(2)),
                by_address(node(3)),
            ],
            vec![patch(1, 0, 0), patch(2, 1, 8), patch(3, 2, 8)],
        );
        // Worked out: q = advance(A, 2) = C (v 3); second = B; pick(C, B, false) = B gets
        // 1000 more; advance(B, 1) = C.
        let s = &out[0];
        assert_eq!(
            [i32_at(s, 12), i32_at(s, 16), i32_at(s, 20)],
            [3, 1002, 3],
            "{level:?}: r0 r1 r2"
        );
        assert_eq!(
            [i32_at(&out[1], 0), i32_at(&out[2], 0), i32_at(&out[3], 0)],
            [1, 1002, 3],
            "{level:?}: the nodes"
        );
    }
}

const ARITHMETIC: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : enable
layout(local_size_x = 4) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer I { int v; };
layout(set = 0, binding = 0, std430) buffer S {
    uint64_t base;
    I first;
    uint64_t back[4];
    int got[4];
    int dv;
} s;
void main() {
    uint i = gl_LocalInvocationID.x;
    I p = I(s.base + uint64_t(i) * 8ul + 4ul);
    s.got[i] = p.v;
    p.v = int(i) * 3 - 5;
    s.back[i] = uint64_t(p) - s.base;
    if (i == 0u) {
        s.dv = I(uint64_t(s.first) + 4ul).v;
    }
}
"#;

#[test]
fn references_from_and_to_64_bit_addresses() {
    let Some(gpu) = gpu() else { return };
    let ints = |v: &[i32]| -> Vec<u8> { v.iter().flat_map(|x| x.to_le_bytes()).collect() };
    let x: Vec<i32> = (0..8).map(|k| 100 + k).collect();
    for level in LEVELS {
        // Bindings: 0 S, 1 X (base), 2 D (first).
        let out = run(
            &gpu,
            ARITHMETIC,
            level,
            [1, 1, 1],
            vec![
                binding(0, BufferKind::Storage, vec![0; 72]),
                by_address(ints(&x)),
                by_address(ints(&[41, 42, 43, 44])),
            ],
            vec![patch(1, 0, 0), patch(2, 0, 8)],
        );
        let s = &out[0];
        for i in 0..4usize {
            assert_eq!(
                u64_at(s, 16 + 8 * i),
                8 * i as u64 + 4,
                "{level:?}: uint64_t(ref) - base of invocation {i}"
            );
            assert_eq!(
                i32_at(s, 48 + 4 * i),
                x[2 * i + 1],
                "{level:?}: read at base + {}",
                8 * i + 4
            );
            assert_eq!(
                i32_at(&out[1], 8 * i + 4),
                3 * i as i32 - 5,
                "{level:?}: written at base + {}",
                8 * i + 4
            );
            assert_eq!(
                i32_at(&out[1], 8 * i),
                x[2 * i],
                "{level:?}: untouched at base + {}",
                8 * i
            );
        }
        assert_eq!(i32_at(s, 64), 42, "{level:?}: I(uint64_t(first) + 4).v");
    }
}

const COPY: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
layout(local_size_x = 1) in;
struct Data { vec3 p; float f[3]; ivec2 q; };
layout(buffer_reference, std430) buffer Tight { Data d; };
layout(buffer_reference, std140) buffer Padded { Data d; };
layout(set = 0, binding = 0, std140) buffer S {
    Data d;
    Tight tight;
    Tight src;
    Padded padded;
    Data back;
} s;
void main() {
    s.tight.d = s.d;
    s.back = s.src.d;
    s.padded.d = s.src.d;
}
"#;

/// `Data { vec3 p; float f[3]; ivec2 q; }` at `at` with the field offsets of a layout:
/// std140 (p 0, f 16 stride 16, q 64; 80 bytes) or std430 (p 0, f 12 stride 4, q 24).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Data {
    p: [f32; 3],
    f: [f32; 3],
    q: [i32; 2],
}

impl Data {
    fn offsets(std140: bool) -> (usize, usize, usize) {
        if std140 {
            (16, 16, 64)
        } else {
            (12, 4, 24)
        }
    }

    fn put(&self, b: &mut [u8], at: usize, std140: bool) {
        let (f, stride, q) = Data::offsets(std140);
        for k in 0..3 {
            put_f32(b, at + 4 * k, self.p[k]);
            put_f32(b, at + f + stride * k, self.f[k]);
        }
        put_i32(b, at + q, self.q[0]);
        put_i32(b, at + q + 4, self.q[1]);
    }

    fn get(b: &[u8], at: usize, std140: bool) -> Data {
        let (f, stride, q) = Data::offsets(std140);
        Data {
            p: [0, 1, 2].map(|k| f32_at(b, at + 4 * k)),
            f: [0, 1, 2].map(|k| f32_at(b, at + f + stride * k)),
            q: [i32_at(b, at + q), i32_at(b, at + q + 4)],
        }
    }
}

#[test]
fn struct_copies_between_std140_and_std430() {
    let Some(gpu) = gpu() else { return };
    let d = Data {
        p: [1.5, -2.0, 3.25],
        f: [4.0, 5.5, -6.0],
        q: [7, -8],
    };
    let src = Data {
        p: [10.0, 20.0, 30.0],
        f: [0.5, 0.25, 0.125],
        q: [-100, 200],
    };
    // S (std140): d at 0, tight 80, src 88, padded 96, back 112; 192 bytes.
    let mut sb = vec![0u8; 192];
    d.put(&mut sb, 0, true);
    let mut src_bytes = vec![0u8; 32];
    src.put(&mut src_bytes, 0, false);
    for level in LEVELS {
        // Bindings: 0 S, 1 tight (std430), 2 src (std430), 3 padded (std140).
        let out = run(
            &gpu,
            COPY,
            level,
            [1, 1, 1],
            vec![
                binding(0, BufferKind::Storage, sb.clone()),
                by_address(vec![0; 32]),
                by_address(src_bytes.clone()),
                by_address(vec![0; 80]),
            ],
            vec![patch(1, 0, 80), patch(2, 0, 88), patch(3, 0, 96)],
        );
        assert_eq!(
            Data::get(&out[1], 0, false),
            d,
            "{level:?}: std140 SSBO -> std430 reference"
        );
        assert_eq!(
            Data::get(&out[0], 112, true),
            src,
            "{level:?}: std430 reference -> std140 SSBO"
        );
        assert_eq!(
            Data::get(&out[3], 0, true),
            src,
            "{level:?}: std430 reference -> std140 reference"
        );
        assert_eq!(out[2], src_bytes, "{level:?}: the source is unchanged");
        assert_eq!(
            Data::get(&out[0], 0, true),
            d,
            "{level:?}: s.d is unchanged"
        );
    }
}

const ATOMICS: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
layout(local_size_x = 8) in;
layout(buffer_reference, std430) buffer C { uint counter; int top; uint slots[32]; };
layout(set = 0, binding = 0, std430) buffer S { C c; uint seen[32]; } s;
void main() {
    uint id = gl_GlobalInvocationID.x;
    uint slot = atomicAdd(s.c.counter, 1u);
    C c = s.c;
    c.slots[slot] = id + 1u;
    s.seen[id] = slot;
    atomicMax(c.top, int(id) * 3 - 40);
}
"#;

#[test]
fn atomics_through_a_reference() {
    let Some(gpu) = gpu() else { return };
    for level in LEVELS {
        let mut cb = vec![0u8; 136];
        put_i32(&mut cb, 4, -1000);
        let out = run(
            &gpu,
            ATOMICS,
            level,
            [4, 1, 1],
            vec![
                binding(0, BufferKind::Storage, vec![0; 136]),
                by_address(cb),
            ],
            vec![patch(1, 0, 0)],
        );
        let (s, c) = (&out[0], &out[1]);
        assert_eq!(u32_at(c, 0), 32, "{level:?}: the counter");
        assert_eq!(i32_at(c, 4), 31 * 3 - 40, "{level:?}: atomicMax");
        // Every invocation got its own slot and wrote its id there.
        let mut seen: Vec<u32> = (0..32).map(|i| u32_at(s, 8 + 4 * i)).collect();
        for (id, &slot) in seen.iter().enumerate() {
            assert!(slot < 32, "{level:?}: slot {slot}");
            assert_eq!(
                u32_at(c, 8 + 4 * slot as usize),
                id as u32 + 1,
                "{level:?}: slot {slot} of invocation {id}"
            );
        }
        seen.sort_unstable();
        assert_eq!(
            seen,
            (0..32).collect::<Vec<u32>>(),
            "{level:?}: distinct slots"
        );
    }
}

#[test]
fn address_patches_are_checked() {
    let Some(gpu) = gpu() else { return };
    let spirv = compute_spirv(ATOMICS, None, 2);
    let job = |addresses| ComputeJob {
        spirv: spirv.clone(),
        groups: [1, 1, 1],
        bindings: vec![
            binding(0, BufferKind::Storage, vec![0; 136]),
            by_address(vec![0; 136]),
        ],
        addresses,
    };
    for bad in [
        patch(1, 0, 132),
        patch(2, 0, 0),
        patch(1, 5, 0),
        patch(1, 0, usize::MAX),
    ] {
        match gpu.dispatch(&job(vec![bad])) {
            Err(VkError::InvalidJob(m)) => assert!(m.contains("address patch"), "{m}"),
            r => panic!("{bad:?}: {r:?}"),
        }
    }
}

const MATRICES: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
layout(local_size_x = 1) in;
layout(buffer_reference, std140) buffer M140 {
    vec3 v;
    mat3 m;
    layout(row_major) mat2x3 rm;
    bool flag;
};
layout(buffer_reference, std430) buffer M430 {
    vec3 v;
    mat3 m;
    layout(row_major) mat2x3 rm;
    bool flag;
};
layout(set = 0, binding = 0, std430) buffer S { M140 a; M430 b; int i; vec4 out4; } s;
void main() {
    M140 a = s.a;
    M430 b = s.b;
    b.v = a.v.zxy;
    b.m = a.m * 2.0;
    b.rm = a.rm;
    b.flag = !a.flag;
    a.v[s.i] += 100.0;
    a.v.zx = vec2(7.0, 8.0);
    s.out4 = vec4(a.m[s.i], a.rm[1][s.i]);
}
"#;

/// Offsets in `M140` / `M430`: (m, m column stride, rm, rm row stride, flag).
fn matrix_layout(std140: bool) -> (usize, usize, usize, usize, usize) {
    if std140 {
        (16, 16, 64, 16, 112)
    } else {
        (16, 16, 64, 8, 88)
    }
}

#[test]
fn vectors_matrices_and_bools_through_references() {
    let Some(gpu) = gpu() else { return };
    let v = [1.0f32, 2.0, 3.0];
    let m = |c: usize, r: usize| (3 * c + r + 1) as f32;
    let rm = |c: usize, r: usize| 10.0 * c as f32 + r as f32 + 0.5;
    let (mo, ms, ro, rs, fo) = matrix_layout(true);
    let mut a = vec![0u8; 128];
    for (r, &vr) in v.iter().enumerate() {
        put_f32(&mut a, 4 * r, vr);
        for c in 0..3 {
            put_f32(&mut a, mo + ms * c + 4 * r, m(c, r));
        }
        for c in 0..2 {
            put_f32(&mut a, ro + rs * r + 4 * c, rm(c, r));
        }
    }
    put_i32(&mut a, fo, 1);
    let mut sb = vec![0u8; 48];
    put_i32(&mut sb, 16, 1);
    for level in LEVELS {
        let out = run(
            &gpu,
            MATRICES,
            level,
            [1, 1, 1],
            vec![
                binding(0, BufferKind::Storage, sb.clone()),
                by_address(a.clone()),
                by_address(vec![0xee; 96]),
            ],
            vec![patch(1, 0, 0), patch(2, 0, 8)],
        );
        let (s, a, b) = (&out[0], &out[1], &out[2]);
        let (mo, ms, ro, rs, fo) = matrix_layout(false);
        // Worked out: b.v = a.v.zxy. (Not `b.v[i] += ..` after it: lavapipe (Mesa 22.3)
        // then reads component 0 for component i, also with glslang's module.)
        assert_eq!(
            [0, 4, 8].map(|o| f32_at(b, o)),
            [3.0, 1.0, 2.0],
            "{level:?}: b.v"
        );
        for c in 0..3 {
            for r in 0..3 {
                assert_eq!(
                    f32_at(b, mo + ms * c + 4 * r),
                    2.0 * m(c, r),
                    "{level:?}: b.m[{c}][{r}]"
                );
            }
        }
        for c in 0..2 {
            for r in 0..3 {
                assert_eq!(
                    f32_at(b, ro + rs * r + 4 * c),
                    rm(c, r),
                    "{level:?}: b.rm[{c}][{r}] (row-major, std430)"
                );
            }
        }
        assert_eq!(i32_at(b, fo), 0, "{level:?}: b.flag = !a.flag");
        assert_eq!(
            [0, 4, 8].map(|o| f32_at(a, o)),
            [8.0, 102.0, 7.0],
            "{level:?}: a.v[1] += 100, a.v.zx = (7, 8)"
        );
        assert_eq!(
            [32, 36, 40, 44].map(|o| f32_at(s, o)),
            [m(1, 0), m(1, 1), m(1, 2), rm(1, 1)],
            "{level:?}: s.out4"
        );
    }
}

const NESTED: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
layout(local_size_x = 1) in;
layout(buffer_reference) buffer Arr;
struct Pair { Arr first; int tag; Arr second; };
layout(buffer_reference, std430) buffer Arr { int n; int a[]; };
layout(buffer_reference, std430) buffer Holder { Pair p; Arr many[2]; };
layout(set = 0, binding = 0, std430) buffer S { Holder h; int k; int res[4]; } s;
void swap(inout Arr x, inout Arr y) {
    Arr t = x;
    x = y;
    y = t;
}
void main() {
    Pair p = s.h.p;
    Arr loc[3] = Arr[3](p.first, p.second, s.h.many[1]);
    int k = s.k;
    swap(loc[0], loc[k]);
    for (int j = 0; j < 3; j++) {
        s.res[j] = loc[j].a[loc[j].n - 1] + p.tag;
    }
    s.h.many[0] = loc[2];
    loc[k % 3].a[0] = 99;
    s.res[3] = s.h.many[0].n;
}
"#;

#[test]
fn references_in_structs_arrays_and_inout_parameters() {
    let Some(gpu) = gpu() else { return };
    let ints = |v: &[i32]| -> Vec<u8> { v.iter().flat_map(|x| x.to_le_bytes()).collect() };
    let mut holder = vec![0u8; 40];
    put_i32(&mut holder, 8, 1000);
    let mut sb = vec![0u8; 32];
    put_i32(&mut sb, 8, 2);
    for level in LEVELS {
        // Bindings: 0 S, 1 Holder, 2 X, 3 Y, 4 Z; p = (X, 1000, Y), many[1] = Z.
        let out = run(
            &gpu,
            NESTED,
            level,
            [1, 1, 1],
            vec![
                binding(0, BufferKind::Storage, sb.clone()),
                by_address(holder.clone()),
                by_address(ints(&[2, 5, 6])),
                by_address(ints(&[3, 10, 20, 30])),
                by_address(ints(&[1, 77])),
            ],
            vec![
                patch(1, 0, 0),
                patch(2, 1, 0),
                patch(3, 1, 16),
                patch(4, 1, 32),
            ],
        );
        // Worked out: loc = (X, Y, Z), swapped to (Z, Y, X); each last element + 1000;
        // many[0] = X, whose a[0] becomes 99 and whose n (2) is read back.
        let s = &out[0];
        assert_eq!(
            [12, 16, 20, 24].map(|o| i32_at(s, o)),
            [1077, 1030, 1006, 2],
            "{level:?}: res"
        );
        assert_eq!(
            u64_at(&out[1], 24),
            u64_at(&out[1], 0),
            "{level:?}: many[0] = X"
        );
        assert_eq!(i32_at(&out[2], 4), 99, "{level:?}: X.a[0]");
        assert_eq!(
            [i32_at(&out[3], 4), i32_at(&out[4], 4)],
            [10, 77],
            "{level:?}: Y and Z untouched"
        );
    }
}

const GLOBALS: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
layout(local_size_x = 1) in;
layout(buffer_reference, std430) buffer B { int x; };
layout(set = 0, binding = 0, std430) buffer S { B b; B c; int i; int r; } s;
B g;
B g2[2][2];
void main() {
    g = s.b;
    B l2[2][2];
    l2[s.i][0] = g;
    l2[0][0] = s.c;
    g2[0][s.i] = l2[1][0];
    g2[1][0] = l2[0][0];
    g2[0][1].x = 5;
    g2[1][0].x += 40;
    s.r = g.x + g2[1][0].x;
}
"#;

#[test]
fn references_in_global_and_local_arrays_of_arrays() {
    let Some(gpu) = gpu() else { return };
    for level in LEVELS {
        let mut sb = vec![0u8; 24];
        put_i32(&mut sb, 16, 1);
        // Bindings: 0 S, 1 b, 2 c. (Private and Function variables holding references, or
        // arrays of them, are decorated AliasedPointer: spirv-val checks the module.)
        let out = run(
            &gpu,
            GLOBALS,
            level,
            [1, 1, 1],
            vec![
                binding(0, BufferKind::Storage, sb),
                by_address(node(1)),
                by_address(node(2)),
            ],
            vec![patch(1, 0, 0), patch(2, 0, 8)],
        );
        // Worked out: g2[0][1] is b (x = 5), g2[1][0] is c (2 + 40).
        assert_eq!(i32_at(&out[1], 0), 5, "{level:?}: b.x");
        assert_eq!(i32_at(&out[2], 0), 42, "{level:?}: c.x");
        assert_eq!(i32_at(&out[0], 20), 47, "{level:?}: s.r");
    }
}

const SHARED: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : enable
layout(local_size_x = 4) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430) buffer Node { int v; Node next; int arr[]; };
struct Box { Node n; int w; Node m[2]; };
layout(set=0,binding=0,std430) buffer S { Node head; int r[4]; } s;
shared Node sh;
shared Node sharr[4];
Node get(Box b, int k) { return k == 0 ? b.n : b.m[k - 1]; }
int sumBox(Box b) { int t = 0; for (int i = 0; i < 2; i++) t += b.m[i].v; return t + b.n.v * b.w; }
void main() {
    uint i = gl_LocalInvocationID.x;
    if (i == 0u) sh = s.head;
    sharr[i] = s.head;
    barrier();
    Box b;
    b.n = sh;
    b.w = 3;
    b.m[0] = sh.next;
    b.m[1] = sharr[(i + 1u) % 4u].next;
    Box c = b;
    get(c, int(i % 3u)).arr[i] = int(i);
    s.r[i] = sumBox(c) + int(uint64_t(get(c, 1)) == uint64_t(sh.next));
}
"#;

#[test]
fn references_in_shared_memory_and_local_structs() {
    let Some(gpu) = gpu() else { return };
    let node_arr = |v: i32| {
        let mut b = vec![0u8; 32];
        put_i32(&mut b, 0, v);
        b
    };
    for level in LEVELS {
        // Bindings: 0 S, 1 A, 2 B; head = A -> B.
        let out = run(
            &gpu,
            SHARED,
            level,
            [1, 1, 1],
            vec![
                binding(0, BufferKind::Storage, vec![0; 24]),
                by_address(node_arr(10)),
                by_address(node_arr(7)),
            ],
            vec![patch(1, 0, 0), patch(2, 1, 8)],
        );
        // Worked out: every invocation's box is (A, 3, [B, B]): 7 + 7 + 10 * 3, plus 1
        // for get(c, 1) == sh.next. get(c, i % 3) is A, B, B, A: arr[i] = i there.
        assert_eq!(
            [8, 12, 16, 20].map(|o| i32_at(&out[0], o)),
            [45; 4],
            "{level:?}: r"
        );
        assert_eq!(
            [16, 28].map(|o| i32_at(&out[1], o)),
            [0, 3],
            "{level:?}: A.arr[0], A.arr[3]"
        );
        assert_eq!(
            [20, 24].map(|o| i32_at(&out[2], o)),
            [1, 2],
            "{level:?}: B.arr[1], B.arr[2]"
        );
    }
}

const LOOP_ALIASES: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
layout(local_size_x = 1) in;
layout(buffer_reference, std430) buffer V { int x[8]; };
layout(set = 0, binding = 0, std430) buffer S { V a; V b; int n; int r[8]; } s;
void main() {
    V a = s.a;
    V b = s.b;
    int acc = 0;
    for (int k = 0; k < s.n; k++) {
        acc += a.x[0];
        b.x[0] = acc;
        s.r[k] = acc + s.n;
    }
}
"#;

#[test]
fn loads_in_loops_see_stores_through_other_references() {
    let Some(gpu) = gpu() else { return };
    let mut v = vec![0u8; 32];
    put_i32(&mut v, 0, 1);
    for same in [true, false] {
        // Worked out: with a and b the same buffer the sum doubles each round (1, 2, 4,
        // 8); with distinct buffers a.x[0] stays 1 (1, 2, 3, 4). Each r is acc + n.
        let acc: Vec<i32> = if same {
            vec![1, 2, 4, 8]
        } else {
            vec![1, 2, 3, 4]
        };
        for level in LEVELS {
            let mut sb = vec![0u8; 56];
            put_i32(&mut sb, 16, 4);
            let mut bindings = vec![binding(0, BufferKind::Storage, sb), by_address(v.clone())];
            if !same {
                bindings.push(by_address(v.clone()));
            }
            let b = if same { 1 } else { 2 };
            let out = run(
                &gpu,
                LOOP_ALIASES,
                level,
                [1, 1, 1],
                bindings,
                vec![patch(1, 0, 0), patch(b, 0, 8)],
            );
            let r: Vec<i32> = (0..4).map(|k| i32_at(&out[0], 20 + 4 * k)).collect();
            let want: Vec<i32> = acc.iter().map(|a| a + 4).collect();
            assert_eq!(r, want, "{level:?} same={same}: r");
            assert_eq!(i32_at(&out[b], 0), acc[3], "{level:?} same={same}: b.x[0]");
        }
    }
}

const WIDE: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : enable
layout(local_size_x = 4) in;
struct Item { float f; dvec2 d; int64_t big; };
layout(buffer_reference, std140) readonly buffer Items { Item items[4]; float scale[4]; };
layout(buffer_reference, std430) writeonly buffer Outs { double d[4]; int64_t big[4]; };
layout(set = 0, binding = 0, std140) uniform U { Items in_; Outs out_[2]; int which; } u;
void main() {
    uint i = gl_LocalInvocationID.x;
    Item it = u.in_.items[3u - i];
    Outs o = u.out_[u.which];
    o.d[i] = it.d.y * double(it.f) + double(u.in_.scale[i]);
    o.big[i] = it.big * 3l - int64_t(i);
}
"#;

#[test]
fn doubles_and_64_bit_integers_through_references_from_a_ubo_array() {
    let Some(gpu) = gpu() else { return };
    // Items (std140): items[k] at 48 k (f 0, d 16, big 32), scale[i] at 192 + 16 i.
    let mut items = vec![0u8; 256];
    let d_y = |k: usize| 0.5 * k as f64 + 0.25;
    let big = |k: usize| 1_000_000_000_000i64 + k as i64;
    for k in 0..4 {
        put_f32(&mut items, 48 * k, k as f32 + 1.0);
        items[48 * k + 24..48 * k + 32].copy_from_slice(&d_y(k).to_le_bytes());
        items[48 * k + 32..48 * k + 40].copy_from_slice(&big(k).to_le_bytes());
        put_f32(&mut items, 192 + 16 * k, 100.0 * k as f32);
    }
    // U (std140): in_ at 0, out_[2] at 16 and 32 (stride 16), which at 48.
    let mut ubo = vec![0u8; 64];
    put_i32(&mut ubo, 48, 1);
    for level in LEVELS {
        // Bindings: 0 U, 1 Items, 2 out_[0], 3 out_[1].
        let out = run(
            &gpu,
            WIDE,
            level,
            [1, 1, 1],
            vec![
                binding(0, BufferKind::Uniform, ubo.clone()),
                by_address(items.clone()),
                by_address(vec![0; 64]),
                by_address(vec![0; 64]),
            ],
            vec![patch(1, 0, 0), patch(2, 0, 16), patch(3, 0, 32)],
        );
        let o = &out[3];
        for i in 0..4 {
            // Worked out: item 3 - i, scale i.
            let k = 3 - i;
            let d = f64::from_le_bytes(o[8 * i..8 * i + 8].try_into().expect("8 bytes"));
            assert_eq!(
                d,
                d_y(k) * (k as f64 + 1.0) + 100.0 * i as f64,
                "{level:?}: d[{i}]"
            );
            assert_eq!(
                u64_at(o, 32 + 8 * i) as i64,
                big(k) * 3 - i as i64,
                "{level:?}: big[{i}]"
            );
        }
        assert!(
            out[2].iter().all(|&b| b == 0),
            "{level:?}: out_[0] untouched"
        );
    }
}

#[test]
fn lavapipe_enables_buffer_device_address() {
    // The tests above skip on a device without the feature: on lavapipe (which has it
    // from Vulkan 1.2 on) a harness that stopped enabling it would skip them silently.
    let Some(gpu) = support::gpu() else { return };
    if gpu.is_lavapipe() && gpu.api_version() >= ash_version_1_2() {
        assert!(
            gpu.has_buffer_device_address(),
            "{} (Vulkan {}) should have bufferDeviceAddress",
            gpu.device_name(),
            gpu.api_version_string()
        );
    }
}

/// `VK_API_VERSION_1_2` (the tests do not depend on ash).
fn ash_version_1_2() -> u32 {
    (1 << 22) | (2 << 12)
}

const ATOMICS_64: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : enable
#extension GL_EXT_shader_atomic_int64 : enable
layout(local_size_x = 8) in;
layout(buffer_reference, std430) coherent buffer C {
    uint64_t total;
    int flag;
    bvec3 bits;
    uint xs[8];
};
layout(buffer_reference, std430) volatile buffer D { int v; };
layout(set = 0, binding = 0, std430) buffer S { C c; D d; } s;
void bump(inout C c, uint k) { atomicAdd(c.total, uint64_t(k) << 33); }
void main() {
    uint i = gl_LocalInvocationID.x;
    C c = s.c;
    bump(c, i);
    atomicCompSwap(c.flag, 0, int(i) + 1);
    uint old = atomicExchange(c.xs[i], i * 7u);
    if (i == 0u) {
        c.bits = bvec3(true, false, c.bits.x);
    }
    if (i == 5u) {
        s.d.v = int(old);
    }
}
"#;

#[test]
fn atomics_64_bit_compare_swap_exchange_and_bools_through_references() {
    let Some(gpu) = gpu() else { return };
    // C (std430): total 0, flag 8, bits 16 (bvec3 as three 32-bit bools), xs 28.
    let mut c = vec![0u8; 64];
    put_i32(&mut c, 16, 1);
    put_i32(&mut c, 20, 1);
    for i in 0..8 {
        put_i32(&mut c, 28 + 4 * i, 100 + i as i32);
    }
    for level in LEVELS {
        let out = run(
            &gpu,
            ATOMICS_64,
            level,
            [1, 1, 1],
            vec![
                binding(0, BufferKind::Storage, vec![0; 16]),
                by_address(c.clone()),
                by_address(vec![0; 16]),
            ],
            vec![patch(1, 0, 0), patch(2, 0, 8)],
        );
        let c = &out[1];
        // Worked out: the sum of i << 33; one invocation's i + 1 in flag; xs[i] = 7 i
        // (invocation 5 saw 105); bits = (true, false, old bits.x).
        assert_eq!(u64_at(c, 0), 28 << 33, "{level:?}: 64-bit atomicAdd");
        assert!(
            (1..=8).contains(&i32_at(c, 8)),
            "{level:?}: atomicCompSwap left {}",
            i32_at(c, 8)
        );
        assert_eq!(
            [16, 20, 24].map(|o| u32_at(c, o)),
            [1, 0, 1],
            "{level:?}: bits"
        );
        for i in 0..8 {
            assert_eq!(u32_at(c, 28 + 4 * i), 7 * i as u32, "{level:?}: xs[{i}]");
        }
        assert_eq!(i32_at(&out[2], 0), 105, "{level:?}: d.v");
    }
}

const MIXED_SOURCES: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : enable
layout(local_size_x = 4) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer V { int x; };
layout(set = 0, binding = 0, std430) buffer S { V a; uint64_t base; int r[4]; } s;
void main() {
    uint i = gl_LocalInvocationID.x;
    V p = (i % 2u == 0u) ? s.a : V(s.base + uint64_t(i) * 4ul);
    if (i == 3u) {
        p = V(0ul);
        p = V(uint64_t(p) + s.base);
    }
    s.r[i] = p.x;
}
"#;

#[test]
fn phis_and_selects_of_loaded_and_constructed_references() {
    let Some(gpu) = gpu() else { return };
    let ints = |v: &[i32]| -> Vec<u8> { v.iter().flat_map(|x| x.to_le_bytes()).collect() };
    for level in LEVELS {
        // Bindings: 0 S, 1 A (s.a), 2 X (s.base).
        let out = run(
            &gpu,
            MIXED_SOURCES,
            level,
            [1, 1, 1],
            vec![
                binding(0, BufferKind::Storage, vec![0; 32]),
                by_address(ints(&[-7])),
                by_address(ints(&[10, 11, 12, 13])),
            ],
            vec![patch(1, 0, 0), patch(2, 0, 8)],
        );
        // Worked out: even invocations read A; 1 reads X[1]; 3 reads X[0] (0 + base).
        assert_eq!(
            [16, 20, 24, 28].map(|o| i32_at(&out[0], o)),
            [-7, 11, -7, 10],
            "{level:?}: r"
        );
    }
}

const LINKS: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
layout(local_size_x = 1) in;
layout(buffer_reference) buffer N;
struct Link { N to; int w; };
layout(buffer_reference, std430) buffer N { int v; Link links[2]; };
layout(set = 0, binding = 0, std140) buffer S { Link first; Link copy; int r; } s;
Link mk(N n, int w) { Link l; l.to = n; l.w = w; return l; }
void main() {
    N n = s.first.to;
    n.links[1] = s.first;            // std140 struct with a reference -> std430 in a referenced block
    s.copy = n.links[0];             // and back
    Link l = mk(n.links[1].to, 5);
    l.to.links[0].w += l.w;
    s.r = n.links[0].to.v + l.to.v;
}
"#;

#[test]
fn structs_holding_references_copied_between_layouts() {
    let Some(gpu) = gpu() else { return };
    // N (std430): v 0, links[k] at 8 + 16 k (to 0, w 8). S (std140): first 0, copy 16, r 32.
    let mut a = vec![0u8; 40];
    put_i32(&mut a, 0, 3);
    put_i32(&mut a, 16, 9);
    let mut sb = vec![0u8; 48];
    put_i32(&mut sb, 8, 2);
    for level in LEVELS {
        // Bindings: 0 S, 1 A, 2 B; s.first = (A, 2), A.links[0] = (B, 9).
        let out = run(
            &gpu,
            LINKS,
            level,
            [1, 1, 1],
            vec![
                binding(0, BufferKind::Storage, sb.clone()),
                by_address(a.clone()),
                by_address(node(50)),
            ],
            vec![patch(1, 0, 0), patch(2, 1, 8)],
        );
        let (s, a) = (&out[0], &out[1]);
        // Worked out: A.links[1] = (A, 2); s.copy = (B, 9); A.links[0].w = 9 + 5;
        // r = B.v + A.v.
        assert_eq!(u64_at(a, 24), u64_at(s, 0), "{level:?}: A.links[1].to = A");
        assert_eq!(i32_at(a, 32), 2, "{level:?}: A.links[1].w");
        assert_eq!(u64_at(s, 16), u64_at(a, 8), "{level:?}: s.copy.to = B");
        assert_eq!(i32_at(s, 24), 9, "{level:?}: s.copy.w");
        assert_eq!(i32_at(a, 16), 14, "{level:?}: A.links[0].w");
        assert_eq!(i32_at(s, 32), 53, "{level:?}: r");
    }
}

const TWO_TYPES: &str = r#"#version 450
#extension GL_EXT_buffer_reference : enable
layout(local_size_x = 1) in;
layout(buffer_reference, std430) buffer A { int x; int x2; };
layout(buffer_reference, std430) buffer B { float y; uint u; };
layout(set = 0, binding = 0, std430) buffer S { A a; int r; float f; } s;
void main() {
    s.a.x = 1065353216;
    s.r = s.a.x2 + 1;
    B b = B(s.a);
    b.u = floatBitsToUint(b.y + 0.5);
    s.f = b.y;
}
"#;

#[test]
fn one_address_followed_as_two_block_types() {
    let Some(gpu) = gpu() else { return };
    for level in LEVELS {
        let mut a = vec![0u8; 16];
        put_i32(&mut a, 4, 41);
        let out = run(
            &gpu,
            TWO_TYPES,
            level,
            [1, 1, 1],
            vec![binding(0, BufferKind::Storage, vec![0; 16]), by_address(a)],
            vec![patch(1, 0, 0)],
        );
        // Worked out: x = 0x3f800000 read back as the float 1.0; u = the bits of 1.5.
        assert_eq!(i32_at(&out[0], 8), 42, "{level:?}: r");
        assert_eq!(f32_at(&out[0], 12), 1.0, "{level:?}: f");
        assert_eq!(u32_at(&out[1], 4), 1.5f32.to_bits(), "{level:?}: b.u");
    }
}
