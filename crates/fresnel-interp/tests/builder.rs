//! The interpreter on IR built with `fresnel_ir::Builder`: arithmetic, divergent control
//! flow, phis, calls, memory of every kind, derivatives, compute workgroups, textures, and
//! the limits.

use fresnel_interp::{Error, Filter, Fragment, Interp, Level, Scalar, Texture};
use fresnel_ir::{
    AluOp, AluSrc, BaseType, Builder, Field, FuncId, Function, Intrinsic, JumpKind, ParamDir,
    SamplerDim, Shader, Stage, TexOp, TexSrc, Type, TypeId, ValueId, VarId, VarMode, Variable,
};

fn f32s(v: &[u64]) -> Vec<f32> {
    v.iter().map(|x| f32::from_bits(*x as u32)).collect()
}

fn bits(x: f32) -> u64 {
    u64::from(x.to_bits())
}

fn main_fn(sh: &mut Shader) -> FuncId {
    let id = sh.functions.push(Function::new("main"));
    sh.entry = Some(id);
    id
}

fn var(sh: &mut Shader, name: &str, ty: TypeId, mode: VarMode) -> VarId {
    sh.add_var(Variable::new(name, ty, mode))
}

fn load(b: &mut Builder<'_>, v: VarId, ty: TypeId, mode: VarMode) -> ValueId {
    let d = b.deref_var(v, ty, mode);
    b.load_deref(d)
}

fn store(b: &mut Builder<'_>, v: VarId, ty: TypeId, mode: VarMode, x: ValueId, wm: u32) {
    let d = b.deref_var(v, ty, mode);
    b.store_deref(d, x, wm);
}

#[test]
fn vertex_arithmetic_with_uniforms() {
    let mut sh = Shader::new(Stage::Vertex);
    let vec4 = sh.types.vector(BaseType::Float, 32, 4);
    let f = sh.types.float();
    let a = var(&mut sh, "a", vec4, VarMode::ShaderIn);
    let u = var(&mut sh, "scale", f, VarMode::Uniform);
    let o = var(&mut sh, "o", vec4, VarMode::ShaderOut);
    let m = main_fn(&mut sh);
    {
        let mut b = Builder::new(&mut sh.functions[m], &mut sh.types);
        let av = load(&mut b, a, vec4, VarMode::ShaderIn);
        let s = load(&mut b, u, f, VarMode::Uniform);
        let prod = b.alu_srcs(AluOp::Fmul, &[AluSrc::new(av), AluSrc::broadcast(s, 0)]);
        let one = b.imm_f32(1.0);
        let sum = b.alu_srcs(AluOp::Fadd, &[AluSrc::new(prod), AluSrc::broadcast(one, 0)]);
        // Swizzled store: o = sum.wzyx
        let sw = b.alu_n(AluOp::Mov, 4, &[AluSrc::swizzled(sum, [3, 2, 1, 0])]);
        store(&mut b, o, vec4, VarMode::ShaderOut, sw, 0xf);
        b.finish();
    }
    let mut it = Interp::new(&sh).unwrap();
    it.set_uniform_scalars("scale", &[Scalar::Float(2.0)])
        .unwrap();
    let inputs: Vec<Vec<u64>> = (0..100)
        .map(|i| (0..4).map(|c| bits((i * 4 + c) as f32)).collect())
        .collect();
    it.set_input("a", inputs).unwrap();
    it.run_vertex(100).unwrap();
    let out = it.output("o").unwrap();
    assert_eq!(out.len(), 100);
    for (i, o) in out.iter().enumerate() {
        let base = (i * 4) as f32;
        assert_eq!(
            f32s(o),
            vec![
                (base + 3.0) * 2.0 + 1.0,
                (base + 2.0) * 2.0 + 1.0,
                (base + 1.0) * 2.0 + 1.0,
                base * 2.0 + 1.0
            ]
        );
    }
}

/// out = sum over i < n of i, with `if (i == 3) continue; if (i >= limit) break;` and a
/// different `n` per invocation; then a phi picks by parity.
#[test]
fn divergent_loops_and_phis() {
    let mut sh = Shader::new(Stage::Vertex);
    let int = sh.types.scalar(BaseType::Int, 32);
    let n_in = var(&mut sh, "n", int, VarMode::ShaderIn);
    let o = var(&mut sh, "o", int, VarMode::ShaderOut);
    let m = main_fn(&mut sh);
    let i_var = sh.add_local(m, "i", int);
    let acc_var = sh.add_local(m, "acc", int);
    {
        let mut b = Builder::new(&mut sh.functions[m], &mut sh.types);
        let n = load(&mut b, n_in, int, VarMode::ShaderIn);
        let zero = b.imm_i32(0);
        store(&mut b, i_var, int, VarMode::Function, zero, 1);
        store(&mut b, acc_var, int, VarMode::Function, zero, 1);
        let lp = b.push_loop();
        {
            let i = load(&mut b, i_var, int, VarMode::Function);
            let done = b.alu(AluOp::Ige, &[i, n]);
            let iff = b.push_if(done);
            b.jump(JumpKind::Break);
            b.push_else(iff);
            b.pop_if(iff);
            let one = b.imm_i32(1);
            let next = b.alu(AluOp::Iadd, &[i, one]);
            store(&mut b, i_var, int, VarMode::Function, next, 1);
            let three = b.imm_i32(3);
            let is3 = b.alu(AluOp::Ieq, &[i, three]);
            let iff = b.push_if(is3);
            b.jump(JumpKind::Continue);
            b.push_else(iff);
            b.pop_if(iff);
            let acc = load(&mut b, acc_var, int, VarMode::Function);
            let acc2 = b.alu(AluOp::Iadd, &[acc, i]);
            store(&mut b, acc_var, int, VarMode::Function, acc2, 1);
        }
        b.pop_loop(lp);
        let acc = load(&mut b, acc_var, int, VarMode::Function);
        let one = b.imm_i32(1);
        let odd = b.alu(AluOp::Iand, &[n, one]);
        let is_odd = b.alu(AluOp::Ine, &[odd, zero]);
        let iff = b.push_if(is_odd);
        let neg = b.alu(AluOp::Ineg, &[acc]);
        let then_end = b.block();
        b.push_else(iff);
        let else_end = b.block();
        b.pop_if(iff);
        let merge = b.block();
        let r = b.phi(merge, 32, 1, &[(then_end, neg), (else_end, acc)]);
        store(&mut b, o, int, VarMode::ShaderOut, r, 1);
        b.finish();
    }
    let mut it = Interp::new(&sh).unwrap();
    it.set_input("n", (0..70).map(|k| vec![k as u64 % 10]).collect())
        .unwrap();
    it.run_vertex(70).unwrap();
    let out = it.output("o").unwrap();
    for (k, o) in out.iter().enumerate() {
        let n = (k % 10) as i64;
        let sum: i64 = (0..n).filter(|&i| i != 3).sum();
        let want = if n % 2 == 1 { -sum } else { sum };
        assert_eq!(o[0] as u32 as i32 as i64, want, "n = {n}");
    }
}

/// A function with an `in` and an `out` parameter and an early return.
#[test]
fn calls_copy_in_and_out() {
    let mut sh = Shader::new(Stage::Vertex);
    let f = sh.types.float();
    let x_in = var(&mut sh, "x", f, VarMode::ShaderIn);
    let o1 = var(&mut sh, "r", f, VarMode::ShaderOut);
    let o2 = var(&mut sh, "s", f, VarMode::ShaderOut);
    let m = main_fn(&mut sh);
    let g = sh.functions.push(Function::new("g"));
    let p_in = sh.add_local(g, "a", f);
    let p_out = sh.add_local(g, "b", f);
    let ret = sh.add_local(g, "ret", f);
    sh.functions[g].params = vec![
        fresnel_ir::Param {
            var: p_in,
            dir: ParamDir::In,
        },
        fresnel_ir::Param {
            var: p_out,
            dir: ParamDir::Out,
        },
    ];
    sh.functions[g].ret = Some(ret);
    {
        // g(a, out b): b = a * 3; if (a < 0) return -1; return a + 1;
        let mut b = Builder::new(&mut sh.functions[g], &mut sh.types);
        let a = load(&mut b, p_in, f, VarMode::Function);
        let three = b.imm_f32(3.0);
        let t = b.alu(AluOp::Fmul, &[a, three]);
        store(&mut b, p_out, f, VarMode::Function, t, 1);
        let zero = b.imm_f32(0.0);
        let neg = b.alu(AluOp::Flt, &[a, zero]);
        let iff = b.push_if(neg);
        let m1 = b.imm_f32(-1.0);
        store(&mut b, ret, f, VarMode::Function, m1, 1);
        b.jump(JumpKind::Return);
        b.push_else(iff);
        b.pop_if(iff);
        let one = b.imm_f32(1.0);
        let r = b.alu(AluOp::Fadd, &[a, one]);
        store(&mut b, ret, f, VarMode::Function, r, 1);
        b.finish();
    }
    {
        let mut b = Builder::new(&mut sh.functions[m], &mut sh.types);
        let x = load(&mut b, x_in, f, VarMode::ShaderIn);
        let d = b.call(g, &[x], &[(32, 1), (32, 1)]);
        store(&mut b, o1, f, VarMode::ShaderOut, d[0], 1);
        store(&mut b, o2, f, VarMode::ShaderOut, d[1], 1);
        b.finish();
    }
    let mut it = Interp::new(&sh).unwrap();
    let xs = [-2.0f32, 0.5, -0.25, 4.0];
    it.set_input("x", xs.iter().map(|x| vec![bits(*x)]).collect())
        .unwrap();
    it.run_vertex(4).unwrap();
    let r = it.output("r").unwrap();
    let s = it.output("s").unwrap();
    for (k, x) in xs.iter().enumerate() {
        let want = if *x < 0.0 { -1.0 } else { x + 1.0 };
        assert_eq!(f32s(&r[k])[0], want);
        assert_eq!(f32s(&s[k])[0], x * 3.0);
    }
}

#[test]
fn recursion_is_an_error() {
    let mut sh = Shader::new(Stage::Vertex);
    let m = main_fn(&mut sh);
    {
        let mut b = Builder::new(&mut sh.functions[m], &mut sh.types);
        b.call(m, &[], &[]);
        b.finish();
    }
    let mut it = Interp::new(&sh).unwrap();
    let e = it.run_vertex(1).unwrap_err();
    assert!(e.to_string().contains("recursive"), "{e}");
}

#[test]
fn infinite_loop_hits_a_limit() {
    let mut sh = Shader::new(Stage::Vertex);
    let m = main_fn(&mut sh);
    {
        let mut b = Builder::new(&mut sh.functions[m], &mut sh.types);
        let lp = b.push_loop();
        b.imm_i32(1);
        b.pop_loop(lp);
        b.finish();
    }
    let mut it = Interp::new(&sh).unwrap();
    it.limits.max_loop_iterations = 1000;
    let e = it.run_vertex(3).unwrap_err();
    assert!(matches!(e, Error::Limit(_)));
    assert!(e.to_string().contains("execution limit reached"), "{e}");
    it.limits.max_loop_iterations = u64::MAX;
    it.limits.max_instructions = 10_000;
    let e = it.run_vertex(3).unwrap_err();
    assert!(e.to_string().contains("execution limit reached"), "{e}");
}

/// gl_FragCoord derivatives, a discard of odd columns, and a quad with helpers.
#[test]
fn fragment_quads_derivatives_and_discard() {
    let mut sh = Shader::new(Stage::Fragment);
    let vec4 = sh.types.vector(BaseType::Float, 32, 4);
    let fc = {
        let mut v = Variable::new("gl_FragCoord", vec4, VarMode::ShaderIn);
        v.builtin = true;
        sh.add_var(v)
    };
    let o = var(&mut sh, "color", vec4, VarMode::ShaderOut);
    let m = main_fn(&mut sh);
    {
        let mut b = Builder::new(&mut sh.functions[m], &mut sh.types);
        let c = load(&mut b, fc, vec4, VarMode::ShaderIn);
        let x = b.channel(c, 0);
        let y = b.channel(c, 1);
        let sq = b.alu(AluOp::Fmul, &[x, x]);
        let dx = b.alu(AluOp::Fddx, &[sq]);
        let dy = b.alu(AluOp::FddyFine, &[y]);
        let xi = b.conv(AluOp::F2i, 32, x);
        let one = b.imm_i32(1);
        let odd = b.alu(AluOp::Iand, &[xi, one]);
        let zero = b.imm_i32(0);
        let is_odd = b.alu(AluOp::Ine, &[odd, zero]);
        let iff = b.push_if(is_odd);
        b.intrinsic(Intrinsic::Terminate, &[], 0, 0, &[]);
        b.push_else(iff);
        b.pop_if(iff);
        let col = b.vec(&[dx, dy, x, y]);
        store(&mut b, o, vec4, VarMode::ShaderOut, col, 0xf);
        b.finish();
    }
    let mut it = Interp::new(&sh).unwrap();
    let mut frags = Vec::new();
    for y in 0..4 {
        for x in 0..6 {
            frags.push(Fragment { x, y });
        }
    }
    // A lone fragment: its quad has three helpers.
    frags.push(Fragment { x: 10, y: 10 });
    it.run_fragment(&frags).unwrap();
    let out = it.output("color").unwrap();
    let disc = it.discarded();
    for (i, f) in frags.iter().enumerate() {
        assert_eq!(disc[i], f.x % 2 == 1, "fragment {f:?}");
        if disc[i] {
            continue;
        }
        let v = f32s(&out[i]);
        // d(x^2)/dx across the pair (2k+0.5, 2k+1.5) = 2 * (2k + 1).
        let k = (f.x / 2) as f32;
        assert_eq!(v[0], 2.0 * (2.0 * k + 1.0), "fragment {f:?}");
        assert_eq!(v[1], 1.0);
        assert_eq!(v[2], f.x as f32 + 0.5);
    }
}

/// A workgroup of 64 reverses an array through shared memory with a barrier, and an SSBO
/// with explicit offsets receives the result; an atomic counts invocations.
#[test]
fn compute_shared_memory_barrier_and_ssbo() {
    let mut sh = Shader::new(Stage::Compute);
    sh.info.local_size = [64, 1, 1];
    let uint = sh.types.scalar(BaseType::Uint, 32);
    let uvec3 = sh.types.vector(BaseType::Uint, 32, 3);
    let shared_arr = sh.types.array(uint, 64);
    let data_arr = sh.types.intern(Type::Array {
        elem: uint,
        len: 0,
        stride: 4,
    });
    let block = sh.types.intern(Type::Struct {
        name: "Buf".into(),
        fields: vec![
            Field {
                name: "count".into(),
                ty: uint,
                offset: Some(0),
                row_major: false,
                matrix_stride: None,
            },
            Field {
                name: "data".into(),
                ty: data_arr,
                offset: Some(16),
                row_major: false,
                matrix_stride: None,
            },
        ],
        block: true,
    });
    let lid = {
        let mut v = Variable::new("gl_LocalInvocationID", uvec3, VarMode::ShaderIn);
        v.builtin = true;
        sh.add_var(v)
    };
    let gid = {
        let mut v = Variable::new("gl_GlobalInvocationID", uvec3, VarMode::ShaderIn);
        v.builtin = true;
        sh.add_var(v)
    };
    let tmp = var(&mut sh, "tmp", shared_arr, VarMode::Shared);
    let buf = var(&mut sh, "Buf", block, VarMode::Ssbo);
    let m = main_fn(&mut sh);
    {
        let mut b = Builder::new(&mut sh.functions[m], &mut sh.types);
        let l = load(&mut b, lid, uvec3, VarMode::ShaderIn);
        let lx = b.channel(l, 0);
        let g = load(&mut b, gid, uvec3, VarMode::ShaderIn);
        let gx = b.channel(g, 0);
        let t = b.deref_var(tmp, shared_arr, VarMode::Shared);
        let e = b.deref_array(t, lx);
        let sq = b.alu(AluOp::Imul, &[gx, gx]);
        b.store_deref(e, sq, 1);
        b.intrinsic(Intrinsic::Barrier, &[], 0, 0, &[]);
        let c63 = b.imm_u32(63);
        let rev = b.alu(AluOp::Isub, &[c63, lx]);
        let e2 = b.deref_array(t, rev);
        let v = b.load_deref(e2);
        let bd = b.deref_var(buf, block, VarMode::Ssbo);
        let data = b.deref_struct(bd, 1);
        let slot = b.deref_array(data, gx);
        b.store_deref(slot, v, 1);
        let cnt = b.deref_struct(bd, 0);
        let one = b.imm_u32(1);
        b.intrinsic(
            Intrinsic::DerefAtomic,
            &[cnt, one],
            1,
            32,
            &[(
                fresnel_ir::IndexKind::Atomic,
                fresnel_ir::AtomicOp::Iadd.index(),
            )],
        );
        b.finish();
    }
    let mut it = Interp::new(&sh).unwrap();
    it.set_buffer("Buf", vec![0; 16 + 4 * 128]).unwrap();
    it.run_compute([2, 1, 1]).unwrap();
    let bytes = it.buffer("Buf").unwrap();
    let word = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap());
    assert_eq!(word(0), 128);
    for g in 0..128u32 {
        let group = g / 64;
        let l = g % 64;
        let src = group * 64 + (63 - l);
        assert_eq!(word(16 + 4 * g as usize), src * src, "invocation {g}");
    }
}

/// Nearest and linear filtering of a 2D texture, `txf`, `txs` and `textureLod`.
#[test]
fn texture_sampling() {
    let mut sh = Shader::new(Stage::Vertex);
    let vec2 = sh.types.vector(BaseType::Float, 32, 2);
    let vec4 = sh.types.vector(BaseType::Float, 32, 4);
    let ivec2 = sh.types.vector(BaseType::Int, 32, 2);
    let samp = sh.types.intern(Type::Sampler {
        dim: SamplerDim::D2,
        array: false,
        shadow: false,
        result: Some(BaseType::Float),
    });
    let uv_in = var(&mut sh, "uv", vec2, VarMode::ShaderIn);
    let s = var(&mut sh, "tex", samp, VarMode::Uniform);
    let o = var(&mut sh, "o", vec4, VarMode::ShaderOut);
    let o2 = var(&mut sh, "fetched", vec4, VarMode::ShaderOut);
    let o3 = var(&mut sh, "size", ivec2, VarMode::ShaderOut);
    let m = main_fn(&mut sh);
    {
        let mut b = Builder::new(&mut sh.functions[m], &mut sh.types);
        let uv = load(&mut b, uv_in, vec2, VarMode::ShaderIn);
        let sd = b.deref_var(s, samp, VarMode::Uniform);
        let zero = b.imm_f32(0.0);
        let r = b.tex(
            TexOp::Txl,
            SamplerDim::D2,
            false,
            false,
            BaseType::Float,
            4,
            &[
                (TexSrc::TextureDeref, sd),
                (TexSrc::Coord, uv),
                (TexSrc::Lod, zero),
            ],
            0,
        );
        store(&mut b, o, vec4, VarMode::ShaderOut, r, 0xf);
        let c = b.constant(32, &[1, 0]);
        let lod0 = b.imm_i32(0);
        let f = b.tex(
            TexOp::Txf,
            SamplerDim::D2,
            false,
            false,
            BaseType::Float,
            4,
            &[
                (TexSrc::TextureDeref, sd),
                (TexSrc::Coord, c),
                (TexSrc::Lod, lod0),
            ],
            0,
        );
        store(&mut b, o2, vec4, VarMode::ShaderOut, f, 0xf);
        let sz = b.tex(
            TexOp::Txs,
            SamplerDim::D2,
            false,
            false,
            BaseType::Int,
            2,
            &[(TexSrc::TextureDeref, sd), (TexSrc::Lod, lod0)],
            0,
        );
        store(&mut b, o3, ivec2, VarMode::ShaderOut, sz, 3);
        b.finish();
    }
    // 2x2 texture: texel (x, y) = (x, y, 0, 1) * 10.
    let level = Level::from_fn(2, 2, 1, |x, y, _| {
        [f64::from(x) * 10.0, f64::from(y) * 10.0, 0.0, 1.0]
    });
    let mut t = Texture::new(SamplerDim::D2, false, level);
    let uvs = [[0.25f32, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75]];
    for filter in [Filter::Nearest, Filter::Linear] {
        t.mag_filter = filter;
        t.min_filter = filter;
        let mut it = Interp::new(&sh).unwrap();
        it.bind_texture("tex", 0, t.clone()).unwrap();
        it.set_input(
            "uv",
            uvs.iter().map(|u| vec![bits(u[0]), bits(u[1])]).collect(),
        )
        .unwrap();
        it.run_vertex(uvs.len()).unwrap();
        let out = it.output("o").unwrap();
        let got: Vec<Vec<f32>> = out.iter().map(|o| f32s(o)).collect();
        match filter {
            Filter::Nearest => {
                assert_eq!(got[0], vec![0.0, 0.0, 0.0, 1.0]);
                assert_eq!(got[1], vec![10.0, 0.0, 0.0, 1.0]);
                assert_eq!(got[3], vec![0.0, 10.0, 0.0, 1.0]);
            }
            Filter::Linear => {
                // Texel centres are at 0.25 and 0.75: the centre blends all four.
                assert_eq!(got[0], vec![0.0, 0.0, 0.0, 1.0]);
                assert_eq!(got[2], vec![5.0, 5.0, 0.0, 1.0]);
            }
        }
        assert_eq!(
            f32s(&it.output("fetched").unwrap()[0]),
            vec![10.0, 0.0, 0.0, 1.0]
        );
        assert_eq!(it.output("size").unwrap()[0], vec![2, 2]);
    }
}

#[test]
fn malformed_ir_is_an_error_not_a_panic() {
    let mut sh = Shader::new(Stage::Vertex);
    let m = main_fn(&mut sh);
    {
        let mut b = Builder::new(&mut sh.functions[m], &mut sh.types);
        let x = b.imm_f32(1.0);
        // Reads component 2 of a scalar.
        b.alu_n(AluOp::Fadd, 1, &[AluSrc::broadcast(x, 2), AluSrc::new(x)]);
        b.finish();
    }
    let mut it = Interp::new(&sh).unwrap();
    assert!(matches!(it.run_vertex(1), Err(Error::Invalid(_))));
    // A load through a value that is not a deref.
    let mut sh = Shader::new(Stage::Vertex);
    let m = main_fn(&mut sh);
    {
        let mut b = Builder::new(&mut sh.functions[m], &mut sh.types);
        let x = b.imm_u32(7);
        b.intrinsic(Intrinsic::LoadDeref, &[x], 1, 32, &[]);
        b.finish();
    }
    let mut it = Interp::new(&sh).unwrap();
    assert!(it.run_vertex(1).is_err());
    // No entry point.
    let sh = Shader::new(Stage::Vertex);
    let mut it = Interp::new(&sh).unwrap();
    assert!(it.run_vertex(1).is_err());
}

/// A vertex shader `o = tex(op)(s, uv[, comparator uv.w][, lod 0])` over inputs `uv`.
fn sampling_shader(dim: SamplerDim, array: bool, shadow: bool, op: TexOp, comp: u8) -> Shader {
    let mut sh = Shader::new(Stage::Vertex);
    let vec4 = sh.types.vector(BaseType::Float, 32, 4);
    let samp = sh.types.intern(Type::Sampler {
        dim,
        array,
        shadow,
        result: Some(BaseType::Float),
    });
    let uv_in = var(&mut sh, "uv", vec4, VarMode::ShaderIn);
    let s = var(&mut sh, "tex", samp, VarMode::Uniform);
    let o = var(&mut sh, "o", vec4, VarMode::ShaderOut);
    let m = main_fn(&mut sh);
    {
        let mut b = Builder::new(&mut sh.functions[m], &mut sh.types);
        let uv = load(&mut b, uv_in, vec4, VarMode::ShaderIn);
        let ncoord = dim.coord_components() + u8::from(array);
        let coord = b.swizzle(uv, &[0, 1, 2, 3][..usize::from(ncoord)]);
        let sd = b.deref_var(s, samp, VarMode::Uniform);
        let zero = b.imm_f32(0.0);
        let mut srcs = vec![(TexSrc::TextureDeref, sd), (TexSrc::Coord, coord)];
        if shadow {
            let r = b.channel(uv, 3);
            srcs.push((TexSrc::Comparator, r));
        }
        if op == TexOp::Txl {
            srcs.push((TexSrc::Lod, zero));
        }
        let n = if shadow { 1 } else { 4 };
        let r = b.tex(op, dim, array, shadow, BaseType::Float, n, &srcs, comp);
        let r4 = if n == 1 { b.vec(&[r, r, r, r]) } else { r };
        store(&mut b, o, vec4, VarMode::ShaderOut, r4, 0xf);
        b.finish();
    }
    sh
}

fn sample_all(sh: &Shader, t: Texture, uvs: &[[f32; 4]]) -> Vec<Vec<f32>> {
    let mut it = Interp::new(sh).unwrap();
    it.bind_texture("tex", 0, t).unwrap();
    it.set_input(
        "uv",
        uvs.iter()
            .map(|u| u.iter().map(|x| bits(*x)).collect())
            .collect(),
    )
    .unwrap();
    it.run_vertex(uvs.len()).unwrap();
    it.output("o").unwrap().iter().map(|o| f32s(o)).collect()
}

#[test]
fn cube_array_shadow_and_gather() {
    // Cube map: face f holds f everywhere.
    let sh = sampling_shader(SamplerDim::Cube, false, false, TexOp::Txl, 0);
    let t = Texture::new(
        SamplerDim::Cube,
        false,
        Level::from_fn(2, 2, 6, |_, _, z| [f64::from(z), 0.0, 0.0, 1.0]),
    );
    let dirs = [
        [1.0, 0.2, 0.1, 0.0],
        [-1.0, 0.2, 0.1, 0.0],
        [0.1, 1.0, 0.2, 0.0],
        [0.1, -1.0, 0.2, 0.0],
        [0.1, 0.2, 1.0, 0.0],
        [0.1, 0.2, -1.0, 0.0],
    ];
    let got = sample_all(&sh, t, &dirs);
    for (f, g) in got.iter().enumerate() {
        assert_eq!(g[0], f as f32, "face {f}");
    }
    // 2D array: layer l holds 10 * l; the layer coordinate rounds.
    let sh = sampling_shader(SamplerDim::D2, true, false, TexOp::Txl, 0);
    let t = Texture::new(
        SamplerDim::D2,
        true,
        Level::from_fn(1, 1, 3, |_, _, z| [10.0 * f64::from(z), 0.0, 0.0, 1.0]),
    );
    let got = sample_all(
        &sh,
        t,
        &[
            [0.5, 0.5, 1.4, 0.0],
            [0.5, 0.5, 1.6, 0.0],
            [0.5, 0.5, 9.0, 0.0],
        ],
    );
    assert_eq!((got[0][0], got[1][0], got[2][0]), (10.0, 20.0, 20.0));
    // 3D: slice z holds 100 * z + 10 * y + x; linear filtering blends along z too.
    let sh = sampling_shader(SamplerDim::D3, false, false, TexOp::Txl, 0);
    let mut t = Texture::new(
        SamplerDim::D3,
        false,
        Level::from_fn(2, 2, 2, |x, y, z| {
            [f64::from(100 * z + 10 * y + x), 0.0, 0.0, 1.0]
        }),
    );
    let got = sample_all(
        &sh,
        t.clone(),
        &[[0.75, 0.25, 0.75, 0.0], [0.25, 0.75, 0.25, 0.0]],
    );
    assert_eq!((got[0][0], got[1][0]), (101.0, 10.0));
    t.mag_filter = Filter::Linear;
    t.wrap = [fresnel_interp::Wrap::ClampToEdge; 3];
    let got = sample_all(&sh, t, &[[0.25, 0.25, 0.5, 0.0]]);
    assert_eq!(got[0][0], 50.0);
    // Shadow: depths 0.3 | 0.7, reference 0.5, LEQUAL.
    let sh = sampling_shader(SamplerDim::D2, false, true, TexOp::Txl, 0);
    let mut t = Texture::new(
        SamplerDim::D2,
        false,
        Level::from_fn(2, 1, 1, |x, _, _| {
            [if x == 0 { 0.3 } else { 0.7 }, 0.0, 0.0, 1.0]
        }),
    );
    t.wrap = [fresnel_interp::Wrap::ClampToEdge; 3];
    let got = sample_all(
        &sh,
        t.clone(),
        &[[0.25, 0.5, 0.0, 0.5], [0.75, 0.5, 0.0, 0.5]],
    );
    assert_eq!((got[0][0], got[1][0]), (0.0, 1.0));
    t.mag_filter = Filter::Linear;
    let got = sample_all(&sh, t, &[[0.5, 0.5, 0.0, 0.5]]);
    assert_eq!(got[0][0], 0.5);
    // Gather of component 1 at the centre of a 2x2 texture.
    let sh = sampling_shader(SamplerDim::D2, false, false, TexOp::Tg4, 1);
    let t = Texture::new(
        SamplerDim::D2,
        false,
        Level::from_fn(2, 2, 1, |x, y, _| [0.0, f64::from(x + 2 * y), 0.0, 1.0]),
    );
    let got = sample_all(&sh, t, &[[0.5, 0.5, 0.0, 0.0]]);
    // (i0, j1), (i1, j1), (i1, j0), (i0, j0)
    assert_eq!(got[0], vec![2.0, 3.0, 1.0, 0.0]);
}

/// Implicit level of detail from the quad derivatives of the coordinates.
#[test]
fn fragment_mipmap_selection() {
    let mut sh = Shader::new(Stage::Fragment);
    let vec4 = sh.types.vector(BaseType::Float, 32, 4);
    let f = sh.types.float();
    let samp = sh.types.intern(Type::Sampler {
        dim: SamplerDim::D2,
        array: false,
        shadow: false,
        result: Some(BaseType::Float),
    });
    let fc = {
        let mut v = Variable::new("gl_FragCoord", vec4, VarMode::ShaderIn);
        v.builtin = true;
        sh.add_var(v)
    };
    let scale_u = var(&mut sh, "scale", f, VarMode::Uniform);
    let s = var(&mut sh, "tex", samp, VarMode::Uniform);
    let o = var(&mut sh, "o", vec4, VarMode::ShaderOut);
    let m = main_fn(&mut sh);
    {
        let mut b = Builder::new(&mut sh.functions[m], &mut sh.types);
        let c = load(&mut b, fc, vec4, VarMode::ShaderIn);
        let xy = b.swizzle(c, &[0, 1]);
        let sc = load(&mut b, scale_u, f, VarMode::Uniform);
        let uv = b.alu_srcs(AluOp::Fmul, &[AluSrc::new(xy), AluSrc::broadcast(sc, 0)]);
        let sd = b.deref_var(s, samp, VarMode::Uniform);
        let r = b.tex(
            TexOp::Tex,
            SamplerDim::D2,
            false,
            false,
            BaseType::Float,
            4,
            &[(TexSrc::TextureDeref, sd), (TexSrc::Coord, uv)],
            0,
        );
        store(&mut b, o, vec4, VarMode::ShaderOut, r, 0xf);
        b.finish();
    }
    // 8x8 texture whose level l is filled with l.
    let mut t = Texture::new(
        SamplerDim::D2,
        false,
        Level::from_fn(8, 8, 1, |_, _, _| [0.0; 4]),
    );
    t.generate_mipmaps();
    for (l, lvl) in t.levels.iter_mut().enumerate() {
        lvl.texels
            .iter_mut()
            .for_each(|x| *x = [l as f64, 0.0, 0.0, 1.0]);
    }
    t.mip_filter = fresnel_interp::MipFilter::Nearest;
    assert_eq!(t.levels.len(), 4);
    let frags: Vec<Fragment> = (0..4)
        .flat_map(|y| (0..4).map(move |x| Fragment { x, y }))
        .collect();
    // One texel per pixel: level 0; four texels per pixel: level 2.
    for (scale, level) in [(1.0f32 / 8.0, 0.0f32), (4.0 / 8.0, 2.0)] {
        let mut it = Interp::new(&sh).unwrap();
        it.bind_texture("tex", 0, t.clone()).unwrap();
        it.set_uniform_scalars("scale", &[Scalar::Float(f64::from(scale))])
            .unwrap();
        it.run_fragment(&frags).unwrap();
        for o in it.output("o").unwrap() {
            assert_eq!(f32s(o)[0], level, "scale {scale}");
        }
    }
}

/// Random instructions with arbitrary shapes, swizzles and sources (most of them invalid)
/// must give results or errors, never panics.
#[test]
fn random_ir_never_panics() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut rnd = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n.max(1)
    };
    let ops = fresnel_ir::ALL_ALU_OPS;
    let intrinsics = fresnel_ir::intrinsic::ALL_INTRINSICS;
    let mut completed = 0;
    for round in 0..1500 {
        let mut sh = Shader::new(if round % 3 == 0 {
            Stage::Fragment
        } else {
            Stage::Vertex
        });
        let vec4 = sh.types.vector(BaseType::Float, 32, 4);
        let arr = sh.types.array(vec4, 3);
        let g = var(&mut sh, "g", arr, VarMode::Global);
        let m = main_fn(&mut sh);
        {
            let mut b = Builder::new(&mut sh.functions[m], &mut sh.types);
            let mut vals: Vec<ValueId> = Vec::new();
            for _ in 0..4 {
                let bits = [1u8, 8, 16, 32, 64][rnd(5) as usize];
                let n = 1 + rnd(4) as usize;
                let data: Vec<u64> = (0..n).map(|_| rnd(u64::MAX)).collect();
                vals.push(b.constant(bits, &data));
            }
            let d = b.deref_var(g, arr, VarMode::Global);
            vals.push(d);
            let mut opened = Vec::new();
            for _ in 0..25 {
                let pick = |r: u64, vals: &[ValueId]| vals[r as usize % vals.len()];
                match rnd(20) {
                    0 | 4 if opened.len() < 3 => {
                        let c = pick(rnd(1000), &vals);
                        opened.push(b.push_if(c));
                    }
                    1 | 5 if !opened.is_empty() => {
                        let i = opened.pop().unwrap();
                        b.push_else(i);
                        b.pop_if(i);
                    }
                    2 => {
                        let op = intrinsics[rnd(intrinsics.len() as u64) as usize];
                        let srcs: Vec<ValueId> = (0..op.info().srcs.len())
                            .map(|_| pick(rnd(1000), &vals))
                            .collect();
                        let idx = [(fresnel_ir::IndexKind::WriteMask, rnd(16) as i64)];
                        if let Some(v) = b.intrinsic(op, &srcs, 1 + rnd(4) as u8, 32, &idx) {
                            vals.push(v);
                        }
                    }
                    3 => {
                        let p = pick(rnd(1000), &vals);
                        let i = pick(rnd(1000), &vals);
                        let ty = vec4;
                        let v = b.push(&[(32, 1)], |dd| {
                            fresnel_ir::InstrKind::Deref(fresnel_ir::Deref {
                                dest: dd[0],
                                kind: fresnel_ir::DerefKind::Array {
                                    parent: p,
                                    index: i,
                                },
                                ty,
                                mode: VarMode::Global,
                            })
                        })[0];
                        vals.push(v);
                    }
                    _ => {
                        let op = ops[rnd(ops.len() as u64) as usize];
                        let info = op.info();
                        let srcs: Vec<AluSrc> = (0..info.num_srcs)
                            .map(|_| {
                                let v = pick(rnd(1000), &vals);
                                // Mostly in range, sometimes not.
                                let k = if rnd(20) == 0 {
                                    4
                                } else {
                                    u64::from(b.num_components(v))
                                };
                                let sw = [rnd(k) as u8, rnd(k) as u8, rnd(k) as u8, rnd(k) as u8];
                                AluSrc::swizzled(v, sw)
                            })
                            .collect();
                        let bits = if rnd(300) == 0 {
                            [0u8, 7][rnd(2) as usize]
                        } else {
                            [1u8, 8, 16, 32, 64][rnd(5) as usize]
                        };
                        let n = 1 + rnd(4) as u8;
                        vals.push(b.alu_full(op, bits, n, &srcs, false));
                    }
                }
            }
            while let Some(i) = opened.pop() {
                b.push_else(i);
                b.pop_if(i);
            }
            b.finish();
        }
        let r = std::panic::catch_unwind(|| {
            let Ok(mut it) = Interp::new(&sh) else {
                return false;
            };
            it.limits.max_instructions = 100_000;
            if sh.stage == Stage::Fragment {
                it.run_fragment(&[Fragment { x: 0, y: 0 }, Fragment { x: 3, y: 1 }])
                    .is_ok()
            } else {
                it.run_vertex(5).is_ok()
            }
        });
        match r {
            Ok(ok) => completed += usize::from(ok),
            Err(_) => panic!("round {round} panicked"),
        }
    }
    // Some programs run to the end (the generator is not only making invalid IR).
    println!("{completed} of 1500 random programs ran to completion");
    assert!(completed > 50, "{completed}");
}
