//! Textures and images: storage, addressing, filtering, and the `tex` and image
//! instructions.
//!
//! Texels are stored as four `f64` per texel (exact for every 32-bit integer and float).
//! Sampling follows the OpenGL ES 3.2 specification, section 8.14: the level of detail from
//! the derivatives of the coordinates (implicit derivatives come from the 2x2 fragment quad;
//! outside fragment shaders the level is 0), nearest or linear filtering within a level,
//! nearest or linear between levels, wrap modes per axis, cube faces chosen by the major
//! axis (no seamless filtering across faces), depth comparison before filtering.

// Lane loops index several parallel per-lane arrays (masks, values, pointers).
#![allow(clippy::needless_range_loop)]

use fresnel_ir::{
    BaseType, Function, IndexKind, Intrinsic, IntrinsicInstr, SamplerDim, Tex, TexOp, TexSrc,
    ValueId, VarId,
};

use crate::alu::{fget, fput, mask, sext};
use crate::exec::{Frame, FuncInfo, Machine, INVALID};
use crate::Error;

/// Filtering within a level.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Filter {
    #[default]
    Nearest,
    Linear,
}

/// Filtering between levels.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum MipFilter {
    /// Level 0 (base level) only.
    #[default]
    None,
    Nearest,
    Linear,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Wrap {
    #[default]
    Repeat,
    ClampToEdge,
    MirroredRepeat,
}

/// Depth comparison function of a shadow sampler.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Compare {
    #[default]
    LessEqual,
    GreaterEqual,
    Less,
    Greater,
    Equal,
    NotEqual,
    Always,
    Never,
}

/// One mip level: `depth` is the 3D depth, or the layer count of an array (times 6 for cube
/// maps: layer `l`, face `f` is slice `6 * l + f`).
#[derive(Clone, Debug)]
pub struct Level {
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    pub texels: Vec<[f64; 4]>,
}

impl Level {
    /// A level filled by `f(x, y, z)`.
    pub fn from_fn(
        width: u32,
        height: u32,
        depth: u32,
        f: impl Fn(u32, u32, u32) -> [f64; 4],
    ) -> Level {
        let mut texels = Vec::with_capacity((width * height * depth) as usize);
        for z in 0..depth {
            for y in 0..height {
                for x in 0..width {
                    texels.push(f(x, y, z));
                }
            }
        }
        Level {
            width,
            height,
            depth,
            texels,
        }
    }

    fn texel(&self, x: i64, y: i64, z: i64) -> Option<[f64; 4]> {
        if x < 0
            || y < 0
            || z < 0
            || x >= i64::from(self.width)
            || y >= i64::from(self.height)
            || z >= i64::from(self.depth)
        {
            return None;
        }
        let i = (z as usize * self.height as usize + y as usize) * self.width as usize + x as usize;
        self.texels.get(i).copied()
    }

    fn texel_mut(&mut self, x: i64, y: i64, z: i64) -> Option<&mut [f64; 4]> {
        if x < 0
            || y < 0
            || z < 0
            || x >= i64::from(self.width)
            || y >= i64::from(self.height)
            || z >= i64::from(self.depth)
        {
            return None;
        }
        let i = (z as usize * self.height as usize + y as usize) * self.width as usize + x as usize;
        self.texels.get_mut(i)
    }
}

/// A texture (or image) bound to a sampler variable.
#[derive(Clone, Debug)]
pub struct Texture {
    pub dim: SamplerDim,
    pub array: bool,
    pub levels: Vec<Level>,
    pub min_filter: Filter,
    pub mag_filter: Filter,
    pub mip_filter: MipFilter,
    pub wrap: [Wrap; 3],
    pub compare: Compare,
}

/// Largest texture accepted (texels over all levels).
pub const MAX_TEXELS: usize = 1 << 24;

impl Texture {
    /// A texture with one level.
    pub fn new(dim: SamplerDim, array: bool, level: Level) -> Texture {
        Texture {
            dim,
            array,
            levels: vec![level],
            min_filter: Filter::Nearest,
            mag_filter: Filter::Nearest,
            mip_filter: MipFilter::None,
            wrap: [Wrap::Repeat; 3],
            compare: Compare::LessEqual,
        }
    }

    /// Adds the mip chain by 2x2(x2) box filtering down to 1x1.
    pub fn generate_mipmaps(&mut self) {
        let layered = self.array || self.dim == SamplerDim::Cube;
        while let Some(last) = self.levels.last() {
            if last.width <= 1 && last.height <= 1 && (layered || last.depth <= 1) {
                break;
            }
            let w = (last.width / 2).max(1);
            let h = (last.height / 2).max(1);
            let d = if layered {
                last.depth
            } else {
                (last.depth / 2).max(1)
            };
            let src = last.clone();
            let lvl = Level::from_fn(w, h, d, |x, y, z| {
                let mut acc = [0.0; 4];
                let mut cnt = 0.0;
                let zs: &[u32] = if layered { &[0] } else { &[0, 1] };
                for dz in zs {
                    for dy in 0..2 {
                        for dx in 0..2 {
                            let sz = if layered { z } else { z * 2 + dz };
                            if let Some(t) = src.texel(
                                i64::from(x * 2 + dx),
                                i64::from(y * 2 + dy),
                                i64::from(sz),
                            ) {
                                for c in 0..4 {
                                    acc[c] += t[c];
                                }
                                cnt += 1.0;
                            }
                        }
                    }
                }
                acc.map(|a| if cnt > 0.0 { a / cnt } else { 0.0 })
            });
            self.levels.push(lvl);
            if self.levels.len() > 20 {
                break;
            }
        }
    }

    pub fn texel_count(&self) -> usize {
        self.levels.iter().map(|l| l.texels.len()).sum()
    }

    /// The texture's own sampling state (used when no separate sampler is bound).
    pub fn sampler_state(&self) -> SamplerState {
        SamplerState {
            min_filter: self.min_filter,
            mag_filter: self.mag_filter,
            mip_filter: self.mip_filter,
            wrap: self.wrap,
            compare: self.compare,
        }
    }
}

/// The state of a separate sampler object (`uniform sampler s;` combined with a texture
/// by `sampler2D(t, s)`): a lookup through it reads the texture's levels with the
/// sampler's filtering, wrap modes and depth comparison.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct SamplerState {
    pub min_filter: Filter,
    pub mag_filter: Filter,
    pub mip_filter: MipFilter,
    pub wrap: [Wrap; 3],
    pub compare: Compare,
}

/// Textures bound to sampler and image variables: (variable, slot offset of the array
/// element) -> texture.
#[derive(Clone, Debug, Default)]
pub struct TextureSet {
    pub bound: Vec<(VarId, u32, Texture)>,
    /// Separate sampler objects: (variable, slot offset of the array element) -> state.
    pub samplers: Vec<(VarId, u32, SamplerState)>,
}

impl TextureSet {
    fn get(&self, var: usize, off: u32) -> Option<&Texture> {
        self.bound
            .iter()
            .find(|(v, o, _)| v.0 as usize == var && *o == off)
            .map(|(_, _, t)| t)
    }

    fn sampler(&self, var: usize, off: u32) -> Option<&SamplerState> {
        self.samplers
            .iter()
            .find(|(v, o, _)| v.0 as usize == var && *o == off)
            .map(|(_, _, t)| t)
    }

    fn get_mut(&mut self, var: usize, off: u32) -> Option<&mut Texture> {
        self.bound
            .iter_mut()
            .find(|(v, o, _)| v.0 as usize == var && *o == off)
            .map(|(_, _, t)| t)
    }
}

fn wrap(i: i64, size: i64, w: Wrap) -> i64 {
    let size = size.max(1);
    match w {
        Wrap::Repeat => i.rem_euclid(size),
        Wrap::ClampToEdge => i.clamp(0, size - 1),
        Wrap::MirroredRepeat => {
            let p = i.rem_euclid(2 * size);
            if p < size {
                p
            } else {
                2 * size - 1 - p
            }
        }
    }
}

fn compare(f: Compare, r: f64, d: f64) -> f64 {
    let d = d.clamp(0.0, 1.0);
    let r = r.clamp(0.0, 1.0);
    let ok = match f {
        Compare::LessEqual => r <= d,
        Compare::GreaterEqual => r >= d,
        Compare::Less => r < d,
        Compare::Greater => r > d,
        Compare::Equal => r == d,
        Compare::NotEqual => r != d,
        Compare::Always => true,
        Compare::Never => false,
    };
    if ok {
        1.0
    } else {
        0.0
    }
}

/// Cube face and face coordinates in [0, 1] (ES 3.2 table 8.19).
fn cube_face(x: f64, y: f64, z: f64) -> (u32, f64, f64) {
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    let (face, sc, tc, ma) = if ax >= ay && ax >= az {
        if x >= 0.0 {
            (0, -z, -y, ax)
        } else {
            (1, z, -y, ax)
        }
    } else if ay >= az {
        if y >= 0.0 {
            (2, x, z, ay)
        } else {
            (3, x, -z, ay)
        }
    } else if z >= 0.0 {
        (4, x, -y, az)
    } else {
        (5, -x, -y, az)
    };
    let ma = if ma == 0.0 { 1.0 } else { ma };
    (face, 0.5 * (sc / ma + 1.0), 0.5 * (tc / ma + 1.0))
}

/// Where a lookup samples: normalized coordinates (up to 3), the slice, and texel offsets.
struct Lookup {
    coord: [f64; 3],
    /// Dimensions addressed by `coord` (1..3).
    dims: usize,
    slice: i64,
    offset: [i64; 3],
    cube: bool,
}

impl Texture {
    fn sample_level(
        &self,
        st: &SamplerState,
        level: usize,
        lk: &Lookup,
        filter: Filter,
        gather: Option<usize>,
        cmp: Option<f64>,
    ) -> [f64; 4] {
        let Some(l) = self.levels.get(level) else {
            return [0.0, 0.0, 0.0, 1.0];
        };
        let size = [i64::from(l.width), i64::from(l.height), i64::from(l.depth)];
        let wraps = if lk.cube {
            [Wrap::ClampToEdge; 3]
        } else {
            st.wrap
        };
        let fetch = |ix: [i64; 3]| -> [f64; 4] {
            let x = wrap(ix[0], size[0], wraps[0]);
            let y = if lk.dims > 1 {
                wrap(ix[1], size[1], wraps[1])
            } else {
                0
            };
            let z = if lk.dims > 2 {
                wrap(ix[2], size[2], wraps[2])
            } else {
                lk.slice
            };
            let t = l.texel(x, y, z).unwrap_or([0.0, 0.0, 0.0, 1.0]);
            match cmp {
                Some(r) => {
                    let v = compare(st.compare, r, t[0]);
                    [v, v, v, 1.0]
                }
                None => t,
            }
        };
        let u: Vec<f64> = (0..lk.dims).map(|k| lk.coord[k] * size[k] as f64).collect();
        if filter == Filter::Nearest && gather.is_none() {
            let mut ix = [0i64; 3];
            for k in 0..lk.dims {
                ix[k] = (u[k].floor() as i64).saturating_add(lk.offset[k]);
            }
            return fetch(ix);
        }
        let mut i0 = [0i64; 3];
        let mut fr = [0f64; 3];
        for k in 0..lk.dims {
            let t = u[k] - 0.5;
            i0[k] = (t.floor() as i64).saturating_add(lk.offset[k]);
            fr[k] = t - t.floor();
        }
        if let Some(c) = gather {
            // (i0,j1), (i1,j1), (i1,j0), (i0,j0).
            let pts = [[0, 1], [1, 1], [1, 0], [0, 0]];
            let mut out = [0.0; 4];
            for (o, p) in out.iter_mut().zip(pts) {
                let t = fetch([i0[0] + p[0], i0[1] + p[1], i0[2]]);
                *o = t[c.min(3)];
            }
            return out;
        }
        let mut out = [0.0; 4];
        let corners = 1usize << lk.dims;
        for corner in 0..corners {
            let mut w = 1.0;
            let mut ix = i0;
            for k in 0..lk.dims {
                if corner & (1 << k) != 0 {
                    ix[k] += 1;
                    w *= fr[k];
                } else {
                    w *= 1.0 - fr[k];
                }
            }
            if w == 0.0 {
                continue;
            }
            let t = fetch(ix);
            for c in 0..4 {
                out[c] += w * t[c];
            }
        }
        out
    }

    /// Samples at level of detail `lod`.
    fn sample(
        &self,
        st: &SamplerState,
        lk: &Lookup,
        lod: f64,
        gather: Option<usize>,
        cmp: Option<f64>,
    ) -> [f64; 4] {
        let max_level = (self.levels.len().max(1) - 1) as f64;
        let mag = lod <= 0.0;
        let filter = if mag { st.mag_filter } else { st.min_filter };
        if mag || st.mip_filter == MipFilter::None || gather.is_some() {
            return self.sample_level(st, 0, lk, filter, gather, cmp);
        }
        let lod = lod.clamp(0.0, max_level);
        match st.mip_filter {
            MipFilter::Nearest => {
                let lvl = ((lod + 0.5).ceil() - 1.0).max(0.0) as usize;
                self.sample_level(st, lvl, lk, filter, None, cmp)
            }
            _ => {
                let l0 = lod.floor() as usize;
                let l1 = (l0 + 1).min(max_level as usize);
                let f = lod - lod.floor();
                let a = self.sample_level(st, l0, lk, filter, None, cmp);
                let b = self.sample_level(st, l1, lk, filter, None, cmp);
                let mut out = [0.0; 4];
                for c in 0..4 {
                    out[c] = a[c] * (1.0 - f) + b[c] * f;
                }
                out
            }
        }
    }

    fn base_size(&self, level: usize) -> [u32; 3] {
        self.levels
            .get(level)
            .map_or([0; 3], |l| [l.width, l.height, l.depth])
    }
}

fn src_f(
    m: &Machine<'_>,
    f: &Function,
    fi: &FuncInfo,
    fr: &Frame,
    v: ValueId,
    c: usize,
    lane: usize,
) -> f64 {
    let val = &f.values[v];
    if c >= usize::from(val.num_components) {
        return 0.0;
    }
    fget(m.value(fi, fr, v, c, lane), val.bit_size)
}

fn src_i(
    m: &Machine<'_>,
    f: &Function,
    fi: &FuncInfo,
    fr: &Frame,
    v: ValueId,
    c: usize,
    lane: usize,
) -> i64 {
    let val = &f.values[v];
    if c >= usize::from(val.num_components) {
        return 0;
    }
    sext(m.value(fi, fr, v, c, lane), val.bit_size)
}

fn encode(base: BaseType, bits: u8, x: f64) -> u64 {
    match base {
        BaseType::Float => fput(x, bits),
        BaseType::Bool => u64::from(x != 0.0),
        BaseType::Int => mask(x as i64 as u64, bits),
        BaseType::Uint => mask(x as u64, bits),
    }
}

/// Executes a texture instruction.
pub(crate) fn exec_tex(
    m: &mut Machine<'_>,
    f: &Function,
    fi: &FuncInfo,
    fr: &mut Frame,
    t: &Tex,
    mask_: &[bool],
) -> Result<(), Error> {
    let n = m.n;
    let dest = t.dest;
    let dv = &f.values[dest];
    let (db, dn) = (dv.bit_size, usize::from(dv.num_components));
    // A sparse lookup's last component is the residency code (see [`RESIDENT`]); `dn` is
    // then the number of texel components before it.
    let sparse_code = t.is_sparse.then(|| dn.saturating_sub(1)).filter(|&c| c > 0);
    let dn = sparse_code.unwrap_or(dn);
    let Some(tex_v) = t.src(TexSrc::TextureDeref) else {
        return Err(Error::Invalid(
            "texture instruction without a texture".into(),
        ));
    };
    let coord_v = t.src(TexSrc::Coord);
    let dims = t.dim.coord_components() as usize;
    let cube = t.dim == SamplerDim::Cube;
    // Coordinates of every lane (for quad derivatives).
    let coord_of = |lane: usize| -> [f64; 4] {
        let mut c = [0.0; 4];
        if let Some(cv) = coord_v {
            for (k, x) in c.iter_mut().enumerate() {
                *x = src_f(m, f, fi, fr, cv, k, lane);
            }
        }
        c
    };
    let coords: Vec<[f64; 4]> = (0..n).map(coord_of).collect();
    let mut results: Vec<(usize, [u64; 4])> = Vec::new();
    let sampler_v = t.src(TexSrc::SamplerDeref);
    for lane in 0..n {
        if !mask_[lane] {
            continue;
        }
        let (var, off, _) = m.deref_ptr(f, fi, fr, tex_v, lane)?;
        let texture = if off == INVALID {
            None
        } else {
            m.textures.get(var, off)
        };
        // A separate sampler's state when one is bound, else the texture's own.
        let mut state = texture.map(Texture::sampler_state).unwrap_or_default();
        if let Some(sv) = sampler_v {
            let (svar, soff, _) = m.deref_ptr(f, fi, fr, sv, lane)?;
            if soff != INVALID {
                if let Some(st) = m.textures.sampler(svar, soff) {
                    state = *st;
                }
            }
        }
        let lod_src = t.src(TexSrc::Lod).map(|v| {
            if f.values[v].bit_size == 32 && matches!(t.op, TexOp::Txf | TexOp::Txs | TexOp::TxfMs)
            {
                src_i(m, f, fi, fr, v, 0, lane) as f64
            } else {
                src_f(m, f, fi, fr, v, 0, lane)
            }
        });
        let mut out = [0u64; 4];
        let Some(tx) = texture else {
            // Unbound: (0, 0, 0, 1), sizes 0.
            let one = encode(t.dest_base, db, 1.0);
            if matches!(
                t.op,
                TexOp::Txs | TexOp::QueryLevels | TexOp::TextureSamples
            ) {
                results.push((lane, out));
            } else {
                out[3] = one;
                if dn == 1 {
                    out[0] = encode(t.dest_base, db, 0.0);
                }
                results.push((lane, out));
            }
            continue;
        };
        let c = coords[lane];
        let offset = t.src(TexSrc::Offset).map_or([0i64; 3], |v| {
            [
                src_i(m, f, fi, fr, v, 0, lane),
                src_i(m, f, fi, fr, v, 1, lane),
                src_i(m, f, fi, fr, v, 2, lane),
            ]
        });
        match t.op {
            TexOp::Txs => {
                let lvl = lod_src.unwrap_or(0.0).max(0.0) as usize;
                let s = tx.base_size(lvl);
                let vals: [u32; 3] = match (t.dim, t.is_array) {
                    (SamplerDim::Cube, true) => [s[0], s[1], s[2] / 6],
                    (SamplerDim::Cube, false) => [s[0], s[1], 0],
                    (SamplerDim::D1, true) => [s[0], s[2], 0],
                    _ => s,
                };
                for k in 0..dn.min(3) {
                    out[k] = mask(u64::from(vals[k]), db);
                }
            }
            TexOp::QueryLevels => out[0] = mask(tx.levels.len() as u64, db),
            TexOp::TextureSamples => out[0] = 1,
            TexOp::Txf | TexOp::TxfMs => {
                let lvl = lod_src.unwrap_or(0.0).max(0.0) as usize;
                let ci = |k: usize| coord_v.map_or(0, |cv| src_i(m, f, fi, fr, cv, k, lane));
                let mut ix = [0i64; 3];
                let total_dims = dims + usize::from(t.is_array);
                for (k, x) in ix.iter_mut().enumerate().take(total_dims.min(3)) {
                    *x = ci(k).saturating_add(offset.get(k).copied().unwrap_or(0));
                }
                let texel = tx
                    .levels
                    .get(lvl)
                    .and_then(|l| l.texel(ix[0], ix[1], ix[2]))
                    .unwrap_or([0.0; 4]);
                for k in 0..dn.min(4) {
                    out[k] = encode(t.dest_base, db, texel[k]);
                }
            }
            _ => {
                let mut lk = Lookup {
                    coord: [c[0], c[1], c[2]],
                    dims,
                    slice: 0,
                    offset,
                    cube,
                };
                let layer_of = |x: f64, layers: u32| -> i64 {
                    ((x + 0.5).floor() as i64).clamp(0, i64::from(layers.max(1)) - 1)
                };
                let base = tx.base_size(0);
                // Rectangle textures take coordinates in texels.
                let rect = t.dim == SamplerDim::Rect;
                if rect {
                    lk.coord[0] /= f64::from(base[0].max(1));
                    lk.coord[1] /= f64::from(base[1].max(1));
                }
                if cube {
                    let (face, s, tt) = cube_face(c[0], c[1], c[2]);
                    lk.coord = [s, tt, 0.0];
                    lk.dims = 2;
                    let layer = if t.is_array {
                        layer_of(c[3], base[2] / 6)
                    } else {
                        0
                    };
                    lk.slice = layer * 6 + i64::from(face);
                } else if t.is_array {
                    lk.slice = layer_of(c[dims], base[2]);
                }
                let cmp = if t.is_shadow {
                    t.src(TexSrc::Comparator)
                        .map(|v| src_f(m, f, fi, fr, v, 0, lane))
                } else {
                    None
                };
                // Level of detail.
                let scale = if rect {
                    [1.0; 3]
                } else {
                    [f64::from(base[0]), f64::from(base[1]), f64::from(base[2])]
                };
                let rho_of = |dx: [f64; 4], dy: [f64; 4]| -> f64 {
                    let d = if cube { 2 } else { dims };
                    let mut sx = 0.0;
                    let mut sy = 0.0;
                    for k in 0..d {
                        let s = if cube { scale[0] / 2.0 } else { scale[k] };
                        sx += (dx[k] * s).powi(2);
                        sy += (dy[k] * s).powi(2);
                    }
                    sx.sqrt().max(sy.sqrt())
                };
                let implicit = || -> f64 {
                    if !m.quads {
                        return 0.0;
                    }
                    let b = lane & !3;
                    let (row, col) = (lane & 2, lane & 1);
                    let mut dx = [0.0; 4];
                    let mut dy = [0.0; 4];
                    for k in 0..4 {
                        dx[k] = coords[b + row + 1][k] - coords[b + row][k];
                        dy[k] = coords[b + col + 2][k] - coords[b + col][k];
                    }
                    let rho = rho_of(dx, dy);
                    if rho > 0.0 {
                        libm::log2(rho)
                    } else {
                        f64::NEG_INFINITY
                    }
                };
                let lod = match t.op {
                    TexOp::Txl => lod_src.unwrap_or(0.0),
                    TexOp::Txd => {
                        let g = |s: TexSrc| -> [f64; 4] {
                            let mut d = [0.0; 4];
                            if let Some(v) = t.src(s) {
                                for (k, x) in d.iter_mut().enumerate() {
                                    *x = src_f(m, f, fi, fr, v, k, lane);
                                }
                            }
                            d
                        };
                        let rho = rho_of(g(TexSrc::Ddx), g(TexSrc::Ddy));
                        if rho > 0.0 {
                            libm::log2(rho)
                        } else {
                            f64::NEG_INFINITY
                        }
                    }
                    TexOp::Txb => {
                        implicit()
                            + t.src(TexSrc::Bias)
                                .map_or(0.0, |v| src_f(m, f, fi, fr, v, 0, lane))
                    }
                    TexOp::Tg4 => 0.0,
                    _ => implicit(),
                };
                let lod = match t.src(TexSrc::MinLod) {
                    Some(v) => lod.max(src_f(m, f, fi, fr, v, 0, lane)),
                    None => lod,
                };
                if t.op == TexOp::Lod {
                    let max_level = (tx.levels.len().max(1) - 1) as f64;
                    // The x component is the level (or levels) the lookup would read: with
                    // nearest mip filtering, λ rounded as GL selects the level
                    // (`ceil(λ + 1/2) - 1` above 1/2), with linear λ itself.
                    let clamped = match state.mip_filter {
                        MipFilter::None => 0.0,
                        MipFilter::Nearest if lod > 0.5 => {
                            ((lod + 0.5).ceil() - 1.0).clamp(0.0, max_level)
                        }
                        MipFilter::Nearest => 0.0,
                        MipFilter::Linear => lod.clamp(0.0, max_level),
                    };
                    let raw = if lod.is_finite() { lod } else { -1000.0 };
                    out[0] = fput(clamped, db);
                    if dn > 1 {
                        out[1] = fput(raw, db);
                    }
                } else if let Some(offs) = gather_offsets(m, f, fi, fr, t, lane)? {
                    // textureGatherOffsets: texel i is the gather's texel (i0, j0)
                    // (component w) at offset i.
                    for (i, o) in offs.iter().enumerate() {
                        lk.offset = [o[0], o[1], 0];
                        let r = tx.sample(&state, &lk, lod, Some(usize::from(t.component)), cmp);
                        out[i] = encode(t.dest_base, db, r[3]);
                    }
                } else {
                    let gather = (t.op == TexOp::Tg4).then_some(usize::from(t.component));
                    let r = tx.sample(&state, &lk, lod, gather, cmp);
                    if dn == 1 {
                        out[0] = encode(t.dest_base, db, r[0]);
                    } else {
                        for k in 0..dn.min(4) {
                            out[k] = encode(t.dest_base, db, r[k]);
                        }
                    }
                }
            }
        }
        results.push((lane, out));
    }
    for (lane, out) in results {
        for (c, x) in out.iter().enumerate().take(dn.min(4)) {
            m.set_value(fi, fr, dest, c, lane, *x);
        }
        if let Some(c) = sparse_code {
            m.set_value(fi, fr, dest, c, lane, RESIDENT);
        }
    }
    Ok(())
}

/// The four offsets of a `tg4` with `OffsetsX`/`OffsetsY` sources (`textureGatherOffsets`).
fn gather_offsets(
    m: &Machine<'_>,
    f: &Function,
    fi: &FuncInfo,
    fr: &Frame,
    t: &Tex,
    lane: usize,
) -> Result<Option<[[i64; 2]; 4]>, Error> {
    let (x, y) = match (t.src(TexSrc::OffsetsX), t.src(TexSrc::OffsetsY)) {
        (None, None) => return Ok(None),
        (Some(x), Some(y))
            if t.op == TexOp::Tg4
                && f.values[x].num_components == 4
                && f.values[y].num_components == 4 =>
        {
            (x, y)
        }
        _ => {
            return Err(Error::Invalid(
                "offsets_x and offsets_y go together, with 4 components each, on tg4".into(),
            ))
        }
    };
    let mut out = [[0i64; 2]; 4];
    for (i, o) in out.iter_mut().enumerate() {
        *o = [
            src_i(m, f, fi, fr, x, i, lane),
            src_i(m, f, fi, fr, y, i, lane),
        ];
    }
    Ok(Some(out))
}

/// The residency code of a sparse lookup (`sparseTexture*ARB`, `sparseImageLoadARB`): every
/// texel is resident in the interpreter, and the code is always 0. Codes combine by OR
/// (`sparse_residency_code_and`: non-resident when either is), and
/// `is_sparse_texels_resident` is true for 0.
pub const RESIDENT: u64 = 0;

/// Executes an image intrinsic (images are textures used at their base level).
pub(crate) fn exec_image(
    m: &mut Machine<'_>,
    f: &Function,
    fi: &FuncInfo,
    fr: &mut Frame,
    x: &IntrinsicInstr,
    mask_: &[bool],
) -> Result<(), Error> {
    let n = m.n;
    let mut staged: Vec<(usize, usize, u64)> = Vec::new();
    let (db, dn) = x.dest.map_or((32, 0), |d| {
        (
            f.values[d].bit_size,
            usize::from(f.values[d].num_components),
        )
    });
    for lane in 0..n {
        if !mask_[lane] {
            continue;
        }
        let (var, off, di) = m.deref_ptr(f, fi, fr, x.srcs[0], lane)?;
        let result_base = match m.sh.types.get(di.ty) {
            fresnel_ir::Type::Image { result, .. } => *result,
            _ => BaseType::Float,
        };
        let coord = |k: usize| -> i64 {
            x.srcs
                .get(1)
                .map_or(0, |&v| src_i(m, f, fi, fr, v, k, lane))
        };
        let ix = [coord(0), coord(1), coord(2)];
        let visible = !m.helper[lane];
        // The `_lod` forms address mip level `srcs[2]` (the others' `srcs[2]` is the
        // sample index, and single-sampled images have one sample: level 0).
        let lod_form = matches!(
            x.op,
            Intrinsic::ImageDerefLoadLod
                | Intrinsic::ImageDerefStoreLod
                | Intrinsic::ImageDerefSparseLoadLod
        );
        let level = if lod_form {
            let l = x
                .srcs
                .get(2)
                .map_or(0, |&v| src_i(m, f, fi, fr, v, 0, lane));
            usize::try_from(l).unwrap_or(usize::MAX)
        } else {
            0
        };
        let op = match x.op {
            Intrinsic::ImageDerefLoadLod
            | Intrinsic::ImageDerefSparseLoad
            | Intrinsic::ImageDerefSparseLoadLod => Intrinsic::ImageDerefLoad,
            Intrinsic::ImageDerefStoreLod => Intrinsic::ImageDerefStore,
            o => o,
        };
        let sparse = matches!(
            x.op,
            Intrinsic::ImageDerefSparseLoad | Intrinsic::ImageDerefSparseLoadLod
        );
        match op {
            Intrinsic::ImageDerefSize => {
                let s = m.textures.get(var, off).map_or([0; 3], |t| t.base_size(0));
                for (k, v) in s.iter().enumerate().take(dn.min(3)) {
                    staged.push((lane, k, mask(u64::from(*v), db)));
                }
            }
            Intrinsic::ImageDerefSamples => staged.push((lane, 0, 1)),
            Intrinsic::ImageDerefLoad => {
                // Out of bounds (texel or level) reads zero.
                let t = m
                    .textures
                    .get(var, off)
                    .and_then(|t| t.levels.get(level))
                    .and_then(|l| l.texel(ix[0], ix[1], ix[2]))
                    .unwrap_or([0.0; 4]);
                let texel_comps = if sparse { dn.saturating_sub(1) } else { dn };
                for (k, v) in t.iter().enumerate().take(texel_comps.min(4)) {
                    staged.push((lane, k, encode(result_base, db, *v)));
                }
                if sparse && dn > 0 {
                    staged.push((lane, dn - 1, RESIDENT));
                }
            }
            Intrinsic::ImageDerefStore => {
                let vv = x.srcs.get(3).copied();
                let mut texel = [0.0; 4];
                if let Some(v) = vv {
                    let bits = f.values[v].bit_size;
                    for (k, t) in texel.iter_mut().enumerate() {
                        let raw = if k < usize::from(f.values[v].num_components) {
                            m.value(fi, fr, v, k, lane)
                        } else {
                            0
                        };
                        *t = match result_base {
                            BaseType::Float => fget(raw, bits),
                            BaseType::Int => sext(raw, bits) as f64,
                            _ => mask(raw, bits) as f64,
                        };
                    }
                }
                if visible {
                    if let Some(t) = m
                        .textures
                        .get_mut(var, off)
                        .and_then(|t| t.levels.get_mut(level))
                        .and_then(|l| l.texel_mut(ix[0], ix[1], ix[2]))
                    {
                        *t = texel;
                    }
                }
            }
            Intrinsic::ImageDerefAtomic | Intrinsic::ImageDerefAtomicSwap => {
                let op = x
                    .index(IndexKind::Atomic)
                    .and_then(fresnel_ir::AtomicOp::from_index)
                    .ok_or_else(|| Error::Invalid("image atomic without an operation".into()))?;
                let data = x.srcs.get(3).map_or(0, |&v| m.value(fi, fr, v, 0, lane));
                let cmp = x.srcs.get(4).map_or(0, |&v| m.value(fi, fr, v, 0, lane));
                let is_float = result_base == BaseType::Float;
                let cur = m
                    .textures
                    .get(var, off)
                    .and_then(|t| t.levels.first())
                    .and_then(|l| l.texel(ix[0], ix[1], ix[2]));
                let old = cur.map_or(0, |t| encode(result_base, 32, t[0]));
                let new = crate::exec::atomic_pub(op, old, data, cmp, 32);
                if let (Some(nv), true) = (new, visible) {
                    let val = if is_float {
                        fget(nv, 32)
                    } else if result_base == BaseType::Int {
                        sext(nv, 32) as f64
                    } else {
                        nv as f64
                    };
                    if let Some(t) = m
                        .textures
                        .get_mut(var, off)
                        .and_then(|t| t.levels.first_mut())
                        .and_then(|l| l.texel_mut(ix[0], ix[1], ix[2]))
                    {
                        t[0] = val;
                    }
                }
                staged.push((lane, 0, mask(old, db)));
            }
            _ => {}
        }
    }
    if let Some(d) = x.dest {
        for (lane, c, v) in staged {
            m.set_value(fi, fr, d, c, lane, v);
        }
    }
    Ok(())
}
