/** Placeholder with the shape of a ProductCard, shown while products load. */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="card animate-pulse">
      <div className="aspect-square bg-subtle" />
      <div className="flex flex-col gap-2 p-3 sm:p-4">
        <div className="bone h-3 w-1/3" />
        <div className="bone h-4 w-5/6" />
        <div className="bone h-4 w-2/3" />
        <div className="bone mt-2 h-5 w-1/4" />
      </div>
    </div>
  );
}
